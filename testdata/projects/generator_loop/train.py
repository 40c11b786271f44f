"""Entry script: loaders, model and device here; the batch loops iterate the
loaders through a progress meter's generator in loops.py."""
import argparse

import torch
from torch.utils.data import DataLoader
from torchvision import datasets, models

import loops


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--device", default="cuda")
    p.add_argument("--epochs", type=int, default=40)
    return p.parse_args()


def run(opts):
    device = torch.device(opts.device)
    net = models.resnet18().to(device)
    loss_fn = torch.nn.CrossEntropyLoss()
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    train_set = datasets.CIFAR100("/data", train=True)
    holdout_set = datasets.CIFAR100("/data", train=False)
    train_dl = DataLoader(train_set, batch_size=128, shuffle=True, num_workers=6)  # expect: GPU103 "loops.py:10", GPU105 "40 epochs"
    holdout_dl = DataLoader(holdout_set, batch_size=256, num_workers=6)  # ok: GPU103
    for epoch in range(opts.epochs):
        loops.fit_epoch(net, loss_fn, train_dl, opt, device)
        loops.score(net, holdout_dl, device)


if __name__ == "__main__":
    run(parse())
