"""Trains for 30 epochs and scores the holdout set after each one, with
loaders the shared factories build from this script's worker count."""
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from loaders import holdout_loader, probe_loader, score

cli = argparse.ArgumentParser()
cli.add_argument("--workers", type=int, default=4)
cli.add_argument("--epochs", type=int, default=30)
args = cli.parse_args()


def main(train_set, holdout_set, probe_set):
    net = torch.nn.Linear(64, 10).cuda()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    train = DataLoader(train_set, batch_size=128, shuffle=True, num_workers=args.workers, pin_memory=True,
                       persistent_workers=True)
    holdout = holdout_loader(holdout_set, args.workers)
    probe = probe_loader(probe_set, 0)
    for epoch in range(args.epochs):
        for x, y in train:
            loss = F.cross_entropy(net(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(epoch, score(net, holdout).item(), score(net, probe).item())
