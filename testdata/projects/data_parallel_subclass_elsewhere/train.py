# The DataParallel subclass is defined in another module of the project: it
# is DataParallel all the same, and the finding names where it derives.
import argparse

import torch
import torch.nn as nn

from parallel.wrappers import QuietDDP, ScatterDataParallel

parser = argparse.ArgumentParser()
parser.add_argument("--gpus", type=int, default=4)
parser.add_argument("--local_rank", type=int, default=-1)
args = parser.parse_args()


def build(net):
    net = net.cuda()
    if args.local_rank >= 0:
        return QuietDDP(net, device_ids=[args.local_rank])  # ok: GPU207 (DistributedDataParallel)
    if args.gpus > 1:
        return ScatterDataParallel(net, device_ids=list(range(args.gpus)))  # expect: GPU207 "ScatterDataParallel (a subclass of torch.nn.DataParallel)"
    return ScatterDataParallel(net, device_ids=[0])  # ok: GPU207 (one device: no replication)


def train(loader, epochs):
    model = build(nn.Sequential(nn.Conv2d(3, 16, 3), nn.ReLU(), nn.Conv2d(16, 4, 3)))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(epochs):
        for images, target in loader:
            loss = (model(images.cuda(non_blocking=True)) - target.cuda(non_blocking=True)).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
