# A loop over the loader's batches that trains several sub-models one after
# another in an inner loop (one phase per sub-model, each with its own
# optimizer): the batch loop is the step loop, so a sync it runs beside the
# phases runs on every batch, not once per epoch. A loop over loaders whose
# inner loop walks each loader's batches keeps its inner loop as the step
# loop: what it runs between loaders runs once per loader.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def train_stages(stages, optimizers, loader, device):
    counted = torch.zeros(1, device=device)
    total = 0.0
    for step, (images,) in enumerate(loader):
        counted += images.shape[0]
        total = counted.item()  # expect: GPU201 "counted.item()"
        images = images.to(device, non_blocking=True)
        for k in range(len(stages)):
            loss = stages[k](images).square().mean()
            loss.backward()
            optimizers[k].step()
            optimizers[k].zero_grad()
    return total


def train_domains(net, opt, loaders, device):
    seen = torch.zeros(1, device=device)
    for domain_loader in loaders:
        print("domains so far", seen.item())  # ok: GPU201 — once per loader; the inner loop walks the batches
        for (x,) in domain_loader:
            loss = net(x.to(device, non_blocking=True)).square().mean()
            loss.backward()
            opt.step()
            opt.zero_grad()
            seen += 1


def main():
    device = torch.device("cuda")
    stages = nn.ModuleList([nn.Linear(16, 16), nn.Linear(16, 16)]).to(device)
    optimizers = [torch.optim.Adam(s.parameters()) for s in stages]
    data = TensorDataset(torch.randn(2048, 16))
    loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(10):
        train_stages(stages, optimizers, loader, device)
    train_domains(stages[0], optimizers[0], [loader, loader], device)


if __name__ == "__main__":
    main()
