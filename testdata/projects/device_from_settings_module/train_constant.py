# The device comes from a constant of another project module.
import torch
import torch.nn as nn

from common.runtime import DEVICE

device = torch.device(DEVICE)
net = nn.Linear(16, 1).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for it in range(1000):
    x = torch.randn(64, 16, device=device)
    loss = net(x).pow(2).mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    last = loss.item()  # expect: GPU201
