"""The engine module inside a package: the loop is reached through the
package's re-export, and the helpers through relative imports."""
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
    loader = DataLoader(datasets.MNIST("/data"), batch_size=64, shuffle=True, num_workers=4, pin_memory=True)  # expect: GPU105 "30 epochs" # ok: GPU103
    for epoch in range(30):
        train_one_epoch(model, criterion, loader, optimizer, device, epoch, log_every=1)


if __name__ == "__main__":
    main()
