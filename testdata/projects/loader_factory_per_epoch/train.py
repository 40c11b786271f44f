"""Epoch loop in the entry script; the loaders come from datasets.make_loaders()."""
import torch
import torch.nn as nn

from datasets import make_loaders

EPOCHS = 40


def train_epoch(net, loader, opt):
    net.train()
    for x, y in loader:
        loss = nn.functional.cross_entropy(net(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def correct(net, loader):
    net.eval()
    hits = torch.zeros((), device="cuda")
    for x, y in loader:
        hits += (net(x.cuda(non_blocking=True)).argmax(1) == y.cuda(non_blocking=True)).sum()
    return hits


def main():
    _, train_loader, val_loader, test_loader = make_loaders()
    net = nn.Linear(16, 4).cuda()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(EPOCHS):
        train_epoch(net, train_loader, opt)
        correct(net, val_loader)
    print("test", correct(net, test_loader).item())


if __name__ == "__main__":
    main()
