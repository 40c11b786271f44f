"""Trainer-class layout: the script builds the pieces, a Trainer class in a
package keeps them on `self` and runs the step loop in a method."""
import torch
from torch.utils.data import DataLoader
from torchvision import datasets, models

from trainers.trainer import Trainer


def main():
    device = torch.device("cuda", 0)
    model = models.resnet18().cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    train_loader = DataLoader(datasets.CIFAR10("/data", train=True), batch_size=128, shuffle=True, num_workers=4)  # expect: GPU103 "training step loop"
    val_loader = DataLoader(datasets.CIFAR10("/data", train=False), batch_size=256, num_workers=4, pin_memory=True)  # ok: GPU103
    trainer = Trainer(model, optimizer, train_loader, val_loader, device=device)
    for epoch in range(30):
        trainer.training(epoch)
        trainer.validation(epoch)


if __name__ == "__main__":
    main()
