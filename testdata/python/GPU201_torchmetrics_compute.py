"""A torchmetrics metric keeps its states on the device it was moved to:
`compute()` of one moved to the GPU returns a GPU tensor, and reading it
with `.item()` on every step copies it back. A metric left on the CPU, or
read every N steps, is not a per-step read."""
import torch
import torch.nn as nn
from torchmetrics.aggregation import MeanMetric, RunningMean

device = torch.device("cuda")
net = nn.Linear(64, 64).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
smoothed = RunningMean(window=16).to(device)
epoch_mean = MeanMetric().to(device)
host_mean = MeanMetric()
for step in range(100000):
    x = torch.randn(32, 64, device=device)
    loss = net(x).square().mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    smoothed.update(loss.detach())
    epoch_mean.update(loss.detach())
    shown = smoothed.compute().item()  # expect: GPU201 "smoothed.compute().item()"
    host_mean.update(float(step))
    ticks = host_mean.compute().item()  # ok: GPU201 (a metric on the CPU)
    if step % 1000 == 0:
        print(f"step {step} loss {epoch_mean.compute().item():.4f}")  # ok: GPU201 (every 1000 steps)
