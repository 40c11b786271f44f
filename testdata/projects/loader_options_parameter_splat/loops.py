"""Loops that take their DataLoader options as a dict parameter and splat
it into the loader: the options are what the callers hand over."""
import torch
from torch.utils.data import DataLoader


def fit(net, dataset, loader_opts, epochs=10):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, **loader_opts)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(epochs):
        for x, y in loader:
            x = x.cuda()  # expect: GPU104 "train.py:10) on every step"
            loss = torch.nn.functional.cross_entropy(net(x), y.cuda(non_blocking=True))
            opt.zero_grad()
            loss.backward()
            opt.step()


def score(net, dataset, loader_opts):
    loader = DataLoader(dataset, batch_size=256, **loader_opts)  # ok: GPU101 (one caller asks 8 workers, the other none)
    hits = torch.zeros((), device="cuda")
    with torch.no_grad():
        for x, y in loader:
            hits += (net(x.cuda(non_blocking=True)).argmax(1) == y.cuda(non_blocking=True)).sum()
    return hits


def probe(net, dataset, loader_opts):
    loader = DataLoader(dataset, batch_size=256, **loader_opts)  # ok: GPU101 (a caller hides the options in its own **)
    with torch.no_grad():
        for x, _ in loader:
            net(x.cuda())  # ok: GPU104 (whether the loader pins is unknown)


def warm(net, dataset, loader_opts={"num_workers": 0}):
    loader = DataLoader(dataset, batch_size=32, **loader_opts)  # expect: GPU101 "set at line 35 in the dict splatted", GPU103 "pin_memory is omitted"
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(net(x.cuda()), y.cuda())
        opt.zero_grad()
        loss.backward()
        opt.step()


def tune(net, dataset, loader_opts):
    loader = DataLoader(dataset, batch_size=64, **loader_opts)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(net(x.to("cuda")), y.to("cuda", non_blocking=True))  # expect: GPU104 "train.py:25) on every step"
        opt.zero_grad()
        loss.backward()
        opt.step()
