# A host-only tool: its device is the settings module's CPU constant, so
# the per-step read copies nothing from a GPU.
import torch
import torch.nn as nn

from common.runtime import HOST

device = torch.device(HOST)
probe = nn.Linear(16, 1).to(device)
opt = torch.optim.SGD(probe.parameters(), lr=0.1)
for it in range(100):
    loss = probe(torch.randn(8, 16, device=device)).pow(2).mean()
    loss.backward()
    opt.step()
    print(loss.item())  # ok: GPU201, GPU206 (the host is the device)
