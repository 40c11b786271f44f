"""A command whose step loop reads its interval from a required option (no
default): the command line must pass it, so its value is unknown."""
import torch
import torch.nn as nn


def setup(loader, report_every: int, steps: int = 100):
    dev = torch.device("cuda")
    net = nn.Linear(8, 1).to(dev)
    opt = torch.optim.AdamW(net.parameters())
    for step, (xb, yb) in enumerate(loader):
        loss = nn.functional.mse_loss(net(xb.to(dev, non_blocking=True)), yb.to(dev, non_blocking=True))
        loss.backward()
        opt.step()
        opt.zero_grad()
        if step % report_every == 0:
            print(loss.item())  # ok: GPU201 (a required option: its value is unknown)
