"""Clean twin of engine_module: the same engine, but the script never puts
anything on a GPU, so no device rule may fire in engine.py."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torchvision import datasets, models

from engine import train_one_epoch


def main():
    device = torch.device("cpu")
    model = models.resnet18().to(device)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(datasets.MNIST("/data"), batch_size=64, shuffle=True, num_workers=2, persistent_workers=True)  # ok: GPU103
    for epoch in range(10):
        train_one_epoch(model, criterion, loader, optimizer, device, epoch)


if __name__ == "__main__":
    main()
