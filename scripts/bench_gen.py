#!/usr/bin/env python3
"""Generates realistic training code for scripts/bench.sh and the large-input tests.

  bench_gen.py script LINES      one training script of about LINES lines: datasets,
                                 models with many `self.*` fields, helpers calling
                                 helpers, loaders and training loops (with findings)
  bench_gen.py assign LINES      LINES lines of `x = 1`
  bench_gen.py chain CALLS       one helper calling the next, CALLS deep, passing a
                                 path down to the last one, which opens it
Output goes to stdout; the text is deterministic.
"""
import sys

HEADER = """import argparse
import json
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset
"""

BLOCK = """

class Records{i}(Dataset):
    def __init__(self, root, size={i}):
        self.root = root
        self.size = size
        self.files = sorted(os.listdir(root))
        self.scale = 1.0 / (size + 1)

    def __len__(self):
        return len(self.files)

    def __getitem__(self, idx):
        path = os.path.join(self.root, self.files[idx])
        with open(path) as f:
            row = json.load(f)
        x = torch.tensor(row["x"]) * self.scale
        return x, row["y"]


class Net{i}(nn.Module):
    def __init__(self, width={w}):
        super().__init__()
        self.width = width
        self.fc1 = nn.Linear(width, width)
        self.fc2 = nn.Linear(width, width)
        self.head = nn.Linear(width, 10)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        h = self.drop(torch.relu(self.fc2(h)))
        return self.head(h)


def make_loader_{i}(root, batch_size):
    data = Records{i}(root)
    return DataLoader(data, batch_size=batch_size, shuffle=True)


def scaled_lr_{i}(base, step):
    return base * min(1.0, (step + 1) / {w})


def train_{i}(args):
    device = torch.device("cuda")
    model = Net{i}().to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    loader = make_loader_{i}(args.data, args.batch_size)
    for epoch in range(args.epochs):
        for step, (x, y) in enumerate(loader):
            x = x.to(device)
            y = y.to(device)
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            for group in opt.param_groups:
                group["lr"] = scaled_lr_{i}(args.lr, step)
            opt.step()
            print(epoch, step, loss.item())
    return model
"""

MAIN = """

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default="data")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=3)
    args = parser.parse_args()
    train_0(args)


if __name__ == "__main__":
    main()
"""

CHAIN_END = """import torch


def helper_{n}(path):
    with open(path) as f:
        return f.read()
"""

CHAIN_LINK = """

def helper_{i}(path):
    return helper_{j}(path)
"""

CHAIN_LOOP = """

for step, batch in enumerate(loader):
    data = helper_0("s3://bucket/%d.bin" % step)
    loss = model(torch.tensor(data).cuda())
    loss.backward()
    opt.step()
"""


def script(lines):
    block_lines = BLOCK.count("\n")
    out = [HEADER]
    for i in range(max(1, lines // block_lines)):
        out.append(BLOCK.format(i=i, w=64 + i % 7 * 32))
    out.append(MAIN)
    return "".join(out)


def assign(lines):
    return "x = 1\n" * lines


def chain(calls):
    out = [CHAIN_END.format(n=calls)]
    for i in range(calls - 1, -1, -1):
        out.append(CHAIN_LINK.format(i=i, j=i + 1))
    out.append(CHAIN_LOOP)
    return "".join(out)


if __name__ == "__main__":
    kind, n = sys.argv[1], int(sys.argv[2])
    sys.stdout.write({"script": script, "assign": assign, "chain": chain}[kind](n))
