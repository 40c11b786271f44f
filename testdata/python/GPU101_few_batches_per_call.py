"""GPU101: an evaluation helper that builds its loader on each call and stops
after a few batches (`if i >= max_batches: break`, every caller passing a
small bound) reads at most that many batches per call: a worker pool would be
started and torn down again for them, which costs more than it overlaps.
A helper some caller runs over the whole split, a large or unknown bound, or a
loader also read elsewhere loads its batches in the training process as
usual."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

parser = argparse.ArgumentParser()
parser.add_argument("--eval-batches", type=int)
args = parser.parse_args()


class WordDataset(Dataset):
    def __init__(self, words, width):
        self.words = words
        self.width = width

    def __len__(self):
        return len(self.words)

    def __getitem__(self, i):
        codes = [ord(c) % 64 for c in self.words[i]][: self.width]
        x = torch.zeros(self.width, dtype=torch.long)
        x[: len(codes)] = torch.tensor(codes)
        return x, x.roll(-1)


device = torch.device("cuda")
model = nn.Sequential(nn.Embedding(64, 32), nn.Flatten(), nn.Linear(32 * 16, 64 * 16)).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
train_set = WordDataset(["alpha", "beta", "gamma"] * 1000, 16)
test_set = WordDataset(["delta", "epsilon"] * 300, 16)


def score(x, y):
    return F.cross_entropy(model(x).view(-1, 64), y.view(-1))


@torch.no_grad()
def estimate_loss(dataset, batch_size=64, max_batches=None):
    loader = DataLoader(dataset, shuffle=True, batch_size=batch_size, num_workers=0, pin_memory=True)  # ok: GPU101 (at most 9 batches per call)
    losses = []
    for i, (x, y) in enumerate(loader):
        losses.append(score(x.to(device, non_blocking=True), y.to(device, non_blocking=True)))
        if max_batches is not None and i >= max_batches:
            break
    return torch.stack(losses).mean()


@torch.no_grad()
def full_pass(dataset, limit=None):
    loader = DataLoader(dataset, batch_size=64, num_workers=0, pin_memory=True)  # expect: GPU101 (one caller reads the whole split)
    total = 0.0
    for i, (x, y) in enumerate(loader):
        total += score(x.to(device, non_blocking=True), y.to(device, non_blocking=True))
        if limit is not None and i >= limit:
            break
    return total


@torch.no_grad()
def long_probe(dataset, probe_batches=400):
    loader = DataLoader(dataset, batch_size=64, num_workers=0, pin_memory=True)  # expect: GPU101 (400 batches per call)
    for i, (x, y) in enumerate(loader):
        score(x.to(device, non_blocking=True), y.to(device, non_blocking=True))
        if i >= probe_batches:
            break


@torch.no_grad()
def flagged_probe(dataset):
    loader = DataLoader(dataset, batch_size=64, num_workers=0, pin_memory=True)  # expect: GPU101 (the bound is unknown)
    for i, (x, y) in enumerate(loader):
        score(x.to(device, non_blocking=True), y.to(device, non_blocking=True))
        if i >= args.eval_batches:
            break


@torch.no_grad()
def probe_then_sweep(dataset):
    loader = DataLoader(dataset, batch_size=64, num_workers=0, pin_memory=True)  # expect: GPU101 (read again in full below)
    for i, (x, y) in enumerate(loader):
        score(x.to(device, non_blocking=True), y.to(device, non_blocking=True))
        if i >= 4:
            break
    for x, y in loader:
        score(x.to(device, non_blocking=True), y.to(device, non_blocking=True))


@torch.no_grad()
def counted_from_one(dataset, max_batches=None):
    loader = DataLoader(dataset, batch_size=64, num_workers=0, pin_memory=True)  # ok: GPU101 (`i + 1 >= 5`: at most 5 batches per call)
    for i, (x, y) in enumerate(loader):
        score(x.to(device, non_blocking=True), y.to(device, non_blocking=True))
        if i + 1 >= max_batches:
            break


batches = DataLoader(train_set, batch_size=64, shuffle=True, num_workers=4, persistent_workers=True, pin_memory=True)
for step, (x, y) in enumerate(batches):
    loss = score(x.to(device, non_blocking=True), y.to(device, non_blocking=True))
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
    if step % 500 == 0:
        train_loss = estimate_loss(train_set, batch_size=100, max_batches=8)
        test_loss = estimate_loss(test_set, batch_size=100, max_batches=8)
        print(f"step {step}: train {train_loss.item():.3f} test {test_loss.item():.3f}")
    if step % 2000 == 0:
        full_pass(test_set, limit=8)
        long_probe(test_set)
        flagged_probe(test_set)
        probe_then_sweep(test_set)
        counted_from_one(test_set, max_batches=5)
full_pass(test_set)
