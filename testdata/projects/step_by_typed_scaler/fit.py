# The step loop's backward pass and optimizer step happen in a callable
# object of another module whose GradScaler sits in an attribute named
# `gain`: the loop is a training step loop all the same (the scaler is known
# by what made it, not by its name), so the per-step .item() is reported. A
# loop that only advances a learning-rate schedule through another object
# trains nothing.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from amp_step import Pace, ScaledUpdate


def fit(loader):
    net = nn.Linear(256, 100).cuda()
    update = ScaledUpdate(net.parameters())
    history = []
    for x, y in loader:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = nn.functional.cross_entropy(net(x), y)
        update(loss)
        history.append(loss.item())  # expect: GPU201 "training step loop"
    return history


def sweep(loader, net, pace):
    seen = []
    for x, _ in loader:
        out = net(x.cuda(non_blocking=True))
        pace()
        seen.append(out.mean().item())  # ok: GPU201 — no training here; a schedule step is no optimizer step
    return seen


if __name__ == "__main__":
    data = TensorDataset(torch.randn(4096, 256), torch.randint(0, 100, (4096,)))
    loader = DataLoader(data, batch_size=256, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    fit(loader)
    net = nn.Linear(256, 100).cuda()
    sweep(loader, net, Pace(torch.optim.SGD(net.parameters(), lr=0.1)))
