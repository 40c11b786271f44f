# The same spellings naming the CPU or Apple's MPS backend: no path reaches a
# CUDA GPU, so reading the loss every step is no device sync.
import torch
import torch.nn as nn


def train_rank(loader, rank):
    device = "mps:" + str(rank)
    model = nn.Linear(8, 8).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in loader:
        loss = model(x.to(device)).sum()
        loss.backward()
        opt.step()
        print(loss.item())  # ok: GPU201 (an MPS device)


def train_keyword(loader):
    model = nn.Linear(8, 8)
    model.to_empty(device="cpu")
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in loader:
        loss = model(x.to(device=f"cpu")).sum()
        loss.backward()
        opt.step()
        print(loss.item())  # ok: GPU201 (the CPU, by keyword)
