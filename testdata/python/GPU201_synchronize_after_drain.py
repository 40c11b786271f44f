"""A `torch.cuda.synchronize()` right after a blocking copy (or a read) has
nothing left to wait for: the copy drained the queue (GPU104 reports it).
After the forward, or first thing in a step whose last step queued work,
it drains the queue itself."""
import time

import torch
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")
net = torch.nn.Linear(8, 4).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
data = TensorDataset(torch.randn(256, 8), torch.randn(256, 4))
loader = DataLoader(data, batch_size=32, num_workers=2, pin_memory=True, persistent_workers=True)


def timed_eval():
    net.eval()
    spent = 0.0
    with torch.no_grad():
        for x, _ in loader:
            x = x.to(device)  # expect: GPU104 "without non_blocking=True"
            torch.cuda.synchronize()  # ok: the blocking copy above left nothing queued
            start = time.time()
            net(x)
            spent += time.time() - start
    return spent


def timed_train():
    for x, y in loader:
        torch.cuda.synchronize()  # expect: GPU201 "runs on every step"
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = torch.nn.functional.mse_loss(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def timed_train_amp(use_amp, scaler):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = torch.nn.functional.mse_loss(net(x), y)
        if not torch.isfinite(loss):  # expect: GPU201 "`torch.isfinite(loss)`"
            raise RuntimeError(f"loss is {loss.item()}")
        if use_amp:
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
        else:
            loss.backward()
            opt.step()
        opt.zero_grad()
        torch.cuda.synchronize()  # expect: GPU201 "runs on every step"
