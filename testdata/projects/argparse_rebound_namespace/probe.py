"""A probe run whose options are parsed only when arguments are given:
the name may still hold the parser at the call, so nothing resolves."""
import argparse
import sys

import torch
from torch.utils.data import DataLoader, TensorDataset


def probe_parser():
    parser = argparse.ArgumentParser("probe")
    parser.add_argument("--epochs", default=90, type=int)
    parser.add_argument("--workers", default=8, type=int)
    return parser


def run(opts):
    device = torch.device("cuda")
    head = torch.nn.Linear(64, 10).to(device)
    optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(1024, 64), torch.randint(0, 10, (1024,)))
    loader = DataLoader(data, batch_size=256, num_workers=opts.workers, pin_memory=True)  # ok: GPU105 (opts may be the parser: unknown)
    for epoch in range(opts.epochs):
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(head(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    opts = probe_parser()
    if len(sys.argv) > 1:
        opts = opts.parse_args()
    run(opts)
