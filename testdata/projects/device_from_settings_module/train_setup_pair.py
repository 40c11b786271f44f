# The device is the second element a setup helper of another module
# returns. The log helper's call that formats `loss.item()` is one logging
# event: GPU201 at the read, no GPU206 at the call.
import torch
import torch.nn as nn

from common.runtime import init_compute, say

rank, device = init_compute()
net = nn.Linear(16, 1).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for it in range(1000):
    x = torch.randn(64, 16, device=device)
    loss = net(x).pow(2).mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    say(f"it {it} loss {loss.item():.4f}")  # expect: GPU201  # ok: GPU206 (the same event)
