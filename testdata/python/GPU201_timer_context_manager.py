"""Timing blocks of the step with the project's own context managers: one
that calls torch.cuda.synchronize() on entry and exit drains the GPU's queue
twice per step; a wall-clock timer that syncs nothing, a library context
manager and a synchronizing timer entered every 100 steps are fine."""
import time

import torch
import torch.nn as nn


class CudaTimer:
    def __init__(self):
        self.total = 0.0

    def __enter__(self):
        torch.cuda.synchronize()
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        torch.cuda.synchronize()
        self.total += time.perf_counter() - self.start


class WallTimer:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        print(f"{self.name}: {time.perf_counter() - self.start:.3f}s")


def fit(loader, steps=10_000):
    device = torch.device("cuda")
    net = nn.Sequential(nn.Linear(256, 1024), nn.ReLU(), nn.Linear(1024, 10)).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    forward_timer = CudaTimer()
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        with forward_timer:  # expect: GPU201 "CudaTimer.__enter__() reaches `torch.cuda.synchronize()`"
            loss = nn.functional.cross_entropy(net(x), y)
        with torch.autocast("cuda"):  # ok: GPU201 (a library context manager)
            extra = net(x).float().mean()
        opt.zero_grad(set_to_none=True)
        (loss + 0.0 * extra).backward()
        opt.step()
        if step % 100 == 0:
            with CudaTimer() as t:  # ok: GPU201 (every 100 steps)
                net(x)


def evaluate(net, loader, device):
    net.eval()
    with torch.no_grad():
        for x, _ in loader:
            with WallTimer("eval batch"):  # ok: GPU201 (its enter and exit read no GPU value)
                net(x.to(device, non_blocking=True)).argmax(-1)
