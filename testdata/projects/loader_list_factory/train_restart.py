"""Loaders from list factories without persistent workers, iterated every epoch."""
import torch

from loaders import create_restarting_loaders, create_uneven_loaders


def run_epoch(model, data_loader, optimizer, device):
    for image, target in data_loader:
        image = image.to(device, non_blocking=True)
        target = target.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(image), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def main():
    device = torch.device("cuda")
    model = torch.nn.Linear(16, 4).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    datasets = [torch.randn(512, 16), torch.randn(64, 16)]
    train_loader, val_loader = create_restarting_loaders(datasets, [32, 64], [4, 4])
    first, second = create_uneven_loaders(datasets, [4, 0])
    for epoch in range(20):
        run_epoch(model, train_loader, optimizer, device)
        run_epoch(model, first, optimizer, device)
        run_epoch(model, second, optimizer, device)


if __name__ == "__main__":
    main()
