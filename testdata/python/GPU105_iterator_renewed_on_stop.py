"""A step loop that draws batches from an iterator of the loader and makes a
new one when it runs out: every renewal is an epoch boundary, where a loader
without persistent workers starts them again."""
import torch
from torch.utils.data import DataLoader, RandomSampler


def train(net, dataset, steps=100000):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=8, pin_memory=True)  # expect: GPU105 "runs out of its batches (`iter(loader)` on StopIteration at line 19)"
    kept = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=8, pin_memory=True, persistent_workers=True)  # ok: GPU105 (keeps its workers)
    endless = DataLoader(dataset, batch_size=64, num_workers=8, pin_memory=True,
                         sampler=RandomSampler(dataset, replacement=True, num_samples=int(1e10)))  # ok: GPU105 (the sampler's pass never runs out)
    it, it_kept, it_endless = iter(loader), iter(kept), iter(endless)
    for step in range(steps):
        try:
            x = next(it)
        except StopIteration:
            it = iter(loader)
            x = next(it)
        try:
            y = next(it_kept)
        except StopIteration:
            it_kept = iter(kept)
            y = next(it_kept)
        try:
            z = next(it_endless)
        except StopIteration:
            it_endless = iter(endless)
            z = next(it_endless)
        batch = torch.cat([x, y, z]).cuda(non_blocking=True)  # expect: GPU104 "joined on the host at line 31"
        loss = net(batch).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
