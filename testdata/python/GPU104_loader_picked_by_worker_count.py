# A trainer that builds one of two loaders depending on its worker count:
# the count the script passes decides which one the loop iterates, so only
# that loader's settings (pinned or not, workers or not) describe its batches.
import torch
from torch.utils.data import DataLoader, Dataset

FEW_PROCS = 0
MANY_PROCS = 4


class Pairs(Dataset):
    def __len__(self):
        return 4096

    def __getitem__(self, i):
        return torch.randn(32), torch.randn(32)


def fit(net, data, procs, steps):
    dev = torch.device("cuda")
    net = net.to(dev)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    if procs > 0:
        loader = DataLoader(data, batch_size=64, pin_memory=True, num_workers=procs, persistent_workers=True)
    else:
        loader = DataLoader(data, batch_size=64, shuffle=True)  # expect: GPU101, GPU103
    for a, b in loader:
        a = a.to(dev)  # ok: GPU104 (the unpinned loader runs: nothing to overlap)
        b = b.to(dev)  # ok: GPU104
        loss = (net(a) - b).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def fit_parallel(net, data, procs):
    dev = torch.device("cuda")
    net = net.to(dev)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    if procs > 0:
        loader = DataLoader(data, batch_size=64, pin_memory=True, num_workers=procs, persistent_workers=True)
    else:
        loader = DataLoader(data, batch_size=64)  # ok: GPU101 GPU103 (the else of a test that holds)
    for a, b in loader:
        a = a.to(dev)  # expect: GPU104 "pinned batch"
        b = b.to(dev)  # expect: GPU104 "pinned batch"
        loss = (net(a) - b).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    fit(torch.nn.Linear(32, 32), Pairs(), FEW_PROCS, 1000)
    fit_parallel(torch.nn.Linear(32, 32), Pairs(), MANY_PROCS)
