"""Step loops that draw their batches with next() instead of a for loop over
the loader: `while True: batch = next(data_iter)` (a new iterator on
StopIteration) or `for it in range(max_iters): x, y = next(train_iter)`. The
loader the iterator comes from decides what its batches are, as in
`for x, y in loader`."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

device = torch.device("cuda")
model = nn.Sequential(nn.Embedding(256, 64), nn.Flatten(), nn.Linear(64 * 32, 256)).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)


def train_forever(dataset, max_iters):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    data_iter = iter(loader)
    iter_num = 0
    while True:
        try:
            batch = next(data_iter)
        except StopIteration:
            data_iter = iter(loader)
            batch = next(data_iter)
        x, y = [t.to(device) for t in batch]  # expect: GPU104 "`t.to(device)`"
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        iter_num += 1
        if iter_num >= max_iters:
            break


def train_counted(dataset, max_iters):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    train_iter = iter(loader)
    fixed_x, fixed_y = next(iter(loader))
    for it in range(max_iters):
        x, y = next(train_iter)
        x = x.to(device)  # expect: GPU104 "`x.to(device)`"
        y = y.to(device, non_blocking=True)  # ok: GPU104 (already non_blocking)
        reference = fixed_x.to(device)  # ok: GPU104 (the same batch every step, drawn before the loop)
        loss = F.cross_entropy(model(x), y) + 0.0 * model(reference).sum()
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()


def train_pageable(dataset, max_iters):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=4, persistent_workers=True)  # expect: GPU103
    train_iter = iter(loader)
    for it in range(max_iters):
        x, y = next(train_iter)
        x, y = x.to(device), y.to(device)  # ok: GPU104 (pageable batches: GPU103 at the loader)
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
