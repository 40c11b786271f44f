"""Loader factories shared by the training script and this module's own
scoring command: each caller passes its own worker count."""
import argparse

import torch
from torch.utils.data import DataLoader


def holdout_loader(dataset, procs):
    return DataLoader(dataset, batch_size=32, num_workers=procs, pin_memory=True)  # expect: GPU105 "DataLoader with 4 workers (4: argparse default of --workers at testdata/projects/loader_factory_workers_by_caller/train.py:"


def probe_loader(dataset, procs):
    return DataLoader(dataset, batch_size=32, num_workers=procs, pin_memory=True)  # ok: GPU105 (the training passes 0 workers; only the scoring command passes 8)


def score(net, loader):
    total = torch.zeros((), device="cuda")
    with torch.no_grad():
        for x, y in loader:
            total += (net(x.cuda(non_blocking=True)).argmax(-1) == y.cuda(non_blocking=True)).sum()
    return total


if __name__ == "__main__":
    cli = argparse.ArgumentParser()
    cli.add_argument("--procs", type=int, default=16)
    cli.add_argument("--probe-procs", type=int, default=8)
    opts = cli.parse_args()
    net = torch.load("model.pt").cuda()
    data = torch.load("holdout.pt")
    print(score(net, holdout_loader(data, opts.procs)).item())
    print(score(net, probe_loader(data, opts.probe_procs)).item())
