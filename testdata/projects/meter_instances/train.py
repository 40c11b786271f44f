"""Objects of one class, each fed its own values: the wait meter is given
host floats, the accuracy meter GPU tensors. What the class's update() is
given by some caller says nothing about one object's state, so formatting
the wait meter's mean is no host sync."""
import time

import torch
from torch.utils.data import DataLoader

from utils import *


def train(cfg):
    device = torch.device("cuda")
    model = torch.nn.Linear(32, 10).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(cfg["data"], batch_size=64, shuffle=True, num_workers=4, pin_memory=True,
                        persistent_workers=True)
    waited = RunningMean()
    hits = RunningMean()
    start = time.time()
    for x, y in loader:
        waited.update(time.time() - start)
        x = x.to(device, non_blocking=True)
        y = y.to(device, non_blocking=True)
        out = model(x)
        loss = torch.nn.functional.cross_entropy(out, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        hits.update((out.argmax(1) == y).float().mean())
        print(f"waited {waited.mean:.3f}s")  # expect: GPU206
        start = time.time()
