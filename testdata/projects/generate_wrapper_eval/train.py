import torch
from torch.utils.data import DataLoader, TensorDataset

from captioner import Captioner


def train(model, loader, opt, device):
    for image, ids in loader:
        image, ids = image.to(device, non_blocking=True), ids.to(device, non_blocking=True)
        loss = model(image, ids)  # expect: GPU201 "Captioner.forward() runs `torch.ones"
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def caption(model, loader, device):
    outputs = []
    for image, _ in loader:
        image = image.to(device, non_blocking=True)
        outputs.append(model.generate(image))  # ok: GPU201 (its decoder's generate() reads the host after every token)
    return outputs


def main():
    device = torch.device("cuda")
    data = TensorDataset(torch.randn(256, 3, 16, 16), torch.randint(0, 100, (256, 12)))
    loader = DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    model = Captioner().to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for epoch in range(10):
        train(model, loader, opt, device)
        caption(model, loader, device)


if __name__ == "__main__":
    main()
