"""Helpers reached through star imports: `from metrics import *` binds the
module's public names, and `tools` re-exports its `meters` the same way, so
these calls run the project's functions."""
import torch
from torch.utils.data import DataLoader

from metrics import *
from tools import *


def train(cfg):
    device = torch.device("cuda")
    model = torch.nn.Linear(32, 10).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(cfg["data"], batch_size=64, shuffle=True, num_workers=4, pin_memory=True,
                        persistent_workers=True)
    for step, (x, y) in enumerate(loader):
        x = x.to(device, non_blocking=True)
        y = y.to(device, non_blocking=True)
        scores = model(x)
        loss = torch.nn.functional.cross_entropy(scores, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        top5 = top_k_accuracy(scores, y, 5)  # expect: GPU201 "Line 27 reads a GPU value right after it"
        seen = count_items(y)  # ok: count_items() only takes the batch's length
        log_loss(step, loss)  # ok: GPU201 (count_items() only takes a length: part of line 25's finding)
