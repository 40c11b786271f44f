"""A frequency table built on the host with a factory and host math
(`torch.exp(-math.log(p) * torch.arange(n) / n)`) and copied to the GPU
inside the model's forward is a blocking copy after the step's first kernels:
each forward waits for them. Made with `device=` it needs no copy, and a
copy with non_blocking=True does not wait."""
import math

import torch
import torch.nn as nn


def wave_features(levels, width, period=10000):
    half = width // 2
    scale = torch.exp(-math.log(period) * torch.arange(0, half, dtype=torch.float32) / half).to(levels.device)  # expect: GPU201 "makes a tensor on the host with `torch.arange(0, half, dtype=torch.float32)`"
    direct = torch.exp(torch.arange(0, half, device=levels.device) * -0.5)  # ok: GPU201 (made on the GPU)
    mixed = (torch.arange(0, half) * 0.5).to(levels.device, non_blocking=True)  # ok: GPU201 (asynchronous copy)
    angles = levels[:, None].float() * (scale + direct + mixed)[None]
    return torch.cat([torch.cos(angles), torch.sin(angles)], dim=-1)


class LevelNet(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.width = width
        self.proj = nn.Linear(width, width)

    def forward(self, x, levels):
        return self.proj(x) + wave_features(levels, self.width)


device = torch.device("cuda")
net = LevelNet().to(device)
opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
for step in range(100000):
    x = torch.randn(128, 64, device=device)
    levels = torch.rand(128, device=device)
    loss = net(x, levels).square().mean()
    opt.zero_grad()
    loss.backward()
    opt.step()


@torch.no_grad()
def denoise(model, x, levels_to_visit):
    # Each pass of the sampling loop uploads its level after the last pass's
    # forward was queued: the copy waits for it.
    for level in levels_to_visit:
        batch_levels = (torch.ones(x.size(0)) * level).to(x.device)  # expect: GPU201 "makes a tensor on the host with `torch.ones(x.size(0))`"
        x = x - 0.01 * model(x, batch_levels)
    return x


samples = denoise(net.eval(), torch.randn(16, 64, device=device), [k / 100 for k in range(100)])
torch.save(samples.cpu(), "samples.pt")
