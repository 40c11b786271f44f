"""A print wrapper called in the step loop: the loop's call decides. When its
message formats a GPU tensor, that call is GPU201's host sync (one event, one
finding); a plain message is per-step logging inside the wrapper."""
import os

import torch
import torch.nn.functional as F

device = torch.device("cuda")
model = torch.nn.Linear(64, 64).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)


def print0(*args, **kwargs):
    if int(os.environ.get("RANK", 0)) == 0:
        print(*args, **kwargs)  # ok: GPU206 (the loop's message formats a GPU tensor: GPU201 at the call)


def log0(*args):
    if int(os.environ.get("RANK", 0)) == 0:
        print(*args)  # expect: GPU206 "through log0() called at line"


def train(loader):
    for step, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        print0(f"step {step} norm {norm:.4f}")  # expect: GPU201 "Formatting the GPU tensor `norm`"


def train_quietly(loader):
    for step, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        loss.backward()
        optimizer.step()
        log0("step", step)
