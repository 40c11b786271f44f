"""A loader switch read from the environment: a default written in the code
is what the job gets unless its environment sets the variable (like an
argparse default), so `PAGE_LOCKED` pins the batches and the blocking copies
below wait, and `PIN_EVAL` leaves them pageable. A read without a default is
unknown and fires nothing (so are counts read from the environment, which
launchers set: GPU204_tiny_batch.py)."""
import os

import torch
from torch.utils.data import DataLoader, TensorDataset

PAGE_LOCKED = str(os.getenv("PAGE_LOCKED", True)).lower() == "true"
ASYNC_PIN = os.environ.get("ASYNC_PIN") == "1"
PIN_EVAL = os.getenv("PIN_EVAL", "0") == "1"


def fit(epochs=10):
    device = torch.device("cuda")
    net = torch.nn.Linear(32, 4).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(4096, 32), torch.randint(0, 4, (4096,)))
    train = DataLoader(data, batch_size=256, num_workers=4, pin_memory=PAGE_LOCKED, persistent_workers=True)
    tuned = DataLoader(data, batch_size=256, num_workers=4, pin_memory=ASYNC_PIN, persistent_workers=True)
    held_out = DataLoader(data, batch_size=256, num_workers=4, pin_memory=PIN_EVAL,  # expect: GPU103 "default of the environment variable PIN_EVAL"
                          persistent_workers=True)
    for epoch in range(epochs):
        for x, y in train:
            x = x.to(device)  # expect: GPU104 "default of the environment variable PAGE_LOCKED"
            loss = torch.nn.functional.cross_entropy(net(x), y.to(device, non_blocking=True))
            opt.zero_grad()
            loss.backward()
            opt.step()
        for x, y in tuned:
            x = x.to(device)  # ok: GPU104 (ASYNC_PIN has no default: unknown)
            loss = torch.nn.functional.cross_entropy(net(x), y.to(device, non_blocking=True))
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            for x, y in held_out:
                net(x.to(device))  # ok: GPU104 (PIN_EVAL defaults to "0": not pinned)


if __name__ == "__main__":
    fit()
