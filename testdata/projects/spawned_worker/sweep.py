"""Negative spots: a Process whose arguments are held in a name (unknown), and
a spawned worker whose epoch start comes from a parameter nobody resolves."""
import multiprocessing

import torch
import torch.nn.functional as F
import torchvision
from torch.utils.data import DataLoader


def worker(cfg, workers):
    net = torch.nn.Linear(8, 2).cuda()
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    data = torchvision.datasets.DatasetFolder("/data/sweep", loader=torch.load, extensions=(".pt",))
    loader = DataLoader(data, batch_size=64, num_workers=workers, pin_memory=True)  # ok: GPU105 (the arguments are a name: workers unknown)
    for epoch in range(cfg["epochs"]):
        for x, y in loader:
            loss = F.cross_entropy(net(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def resumed(rank, start, epochs):
    net = torch.nn.Linear(8, 2).cuda(rank)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    data = torchvision.datasets.DatasetFolder("/data/sweep", loader=torch.load, extensions=(".pt",))
    loader = DataLoader(data, batch_size=64, num_workers=6, pin_memory=True)  # ok: GPU105 (the start epoch is a parameter passed an unknown value)
    for epoch in range(start, epochs):
        for x, y in loader:
            loss = F.cross_entropy(net(x.cuda(rank, non_blocking=True)), y.cuda(rank, non_blocking=True))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    settings = ({"epochs": 50}, 4)
    p = multiprocessing.Process(target=worker, args=settings)
    p.start()
    p.join()
    torch.multiprocessing.spawn(resumed, args=(int(input()), 50), nprocs=2)
