"""Unpacks the factory's list into the three splits' loaders."""
import torch

from loaders import create_loaders


def train(model, data_loader, optimizer, device):
    model.train()
    for image, target in data_loader:
        image = image.to(device)  # expect: GPU104 "loaders.py:10) on every step of the training step loop"
        target = target.to(device, non_blocking=True)  # ok: GPU104 (already asynchronous)
        loss = torch.nn.functional.cross_entropy(model(image), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def main():
    device = torch.device("cuda")
    model = torch.nn.Linear(16, 4).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    datasets = [torch.randn(512, 16), torch.randn(64, 16), torch.randn(64, 16)]
    train_loader, val_loader, test_loader = create_loaders(datasets, [32, 64, 64], [4, 4, 4], [True, False, False])
    for epoch in range(20):
        train(model, train_loader, optimizer, device)


if __name__ == "__main__":
    main()
