"""Clean twin of engine_module, laid out as a package: the loader is pinned
and persistent, the copies are asynchronous and the helper that reads the
loss is called under a periodic guard."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torchvision import datasets, models

from trainer import train_one_epoch


def main():
    device = torch.device("cuda")
    model = models.resnet18().to(device)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(datasets.MNIST("/data"), batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)  # ok: GPU103 GPU105
    for epoch in range(10):
        train_one_epoch(model, criterion, loader, optimizer, device, epoch)


if __name__ == "__main__":
    main()
