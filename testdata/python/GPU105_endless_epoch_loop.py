"""Epochs counted by hand in `while True:` until the step budget is spent:
each pass iterates the loader again, so its workers restart on every pass
unless they persist. A `while True:` that ends after its first pass, or a
loader with persistent workers, restarts nothing."""
import torch
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")
net = torch.nn.Linear(16, 3).to(device)
opt = torch.optim.Adam(net.parameters())
data = TensorDataset(torch.randn(4096, 16), torch.randn(4096, 3))
total_steps = 30_000


def step(x, y):
    x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
    loss = ((net(x) - y) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()


def train():
    loader = DataLoader(data, batch_size=128, num_workers=4, pin_memory=True)  # expect: GPU105 "endless `while True:` loop"
    steps = 0
    while True:
        for x, y in loader:
            step(x, y)
            steps += 1
            if steps >= total_steps:
                return


def train_persistent():
    loader = DataLoader(data, batch_size=128, num_workers=4, pin_memory=True, persistent_workers=True)
    steps = 0
    while True:
        for x, y in loader:
            step(x, y)
            steps += 1
            if steps >= total_steps:
                return


def train_one_pass():
    loader = DataLoader(data, batch_size=128, num_workers=4, pin_memory=True)  # ok: GPU105 (the while runs once)
    while True:
        for x, y in loader:
            step(x, y)
        break


train()
train_persistent()
train_one_pass()
