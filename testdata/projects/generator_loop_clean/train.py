"""Clean twin of generator_loop: the loaders pin and keep their workers, the
loss is read back only every 50 steps."""
import torch
from torch.utils.data import DataLoader
from torchvision import datasets, models

import loops


def run():
    device = torch.device("cuda")
    net = models.resnet18().to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    train_dl = DataLoader(datasets.CIFAR10("/data", train=True), batch_size=128, shuffle=True, num_workers=6,
                          pin_memory=True, persistent_workers=True)
    for epoch in range(20):
        loops.fit_epoch(net, train_dl, opt, device)


if __name__ == "__main__":
    run()
