# scikit-image on what the model produced and the step copied back (SSIM of
# outputs against targets, through a helper of another file) is a metric of
# the results: no Dataset or collate_fn could compute it, so GPU106 stays
# silent; the copy back is GPU201's. Resizing the input batch with
# scikit-image in the step is preprocessing a worker could do.
import torch
from torch.utils.data import DataLoader

from scores import batch_ssim, shrink


def fit(net, dataset, opt, device):
    loader = DataLoader(dataset, batch_size=8, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(20):
        for noisy, clean in loader:
            small = torch.from_numpy(shrink(noisy.numpy()))  # expect: GPU106 "scikit-image"
            small, clean = small.to(device, non_blocking=True), clean.to(device, non_blocking=True)
            pred = net(small)
            loss = torch.nn.functional.l1_loss(pred, clean)
            opt.zero_grad()
            loss.backward()
            opt.step()
            score = batch_ssim(clean.cpu().numpy(), pred.detach().cpu().numpy())  # expect: GPU201
            print(f"ssim {score:.3f}")  # expect: GPU206


if __name__ == "__main__":
    model = torch.nn.Conv2d(1, 1, 3, padding=1).cuda()
    fit(model, torch.load("pairs.pt"), torch.optim.Adam(model.parameters()), torch.device("cuda"))
