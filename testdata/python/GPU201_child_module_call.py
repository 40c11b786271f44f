# A latent projection calls one child module of a project generator
# (`g.mapping(z)`): the child runs on the GPU with its parent, so the
# statistics taken from its output are GPU tensors, and reading one back on
# every optimisation step is a sync. A child that is a plain Python object
# (a schedule) returns host values.
import math

import torch
import torch.nn as nn


class CosineSchedule:
    def __init__(self, total):
        self.total = total

    def __call__(self, i):
        return torch.tensor(0.5 * (1 + math.cos(math.pi * i / self.total)))


class Generator(nn.Module):
    def __init__(self, dim=64, steps=1000):
        super().__init__()
        self.mapping = nn.Sequential(nn.Linear(dim, dim), nn.LeakyReLU(0.2), nn.Linear(dim, dim))
        self.synthesis = nn.Linear(dim, dim)
        self.schedule = CosineSchedule(steps)

    def forward(self, z):
        return self.synthesis(self.mapping(z))


def project(target, steps=1000):
    g = Generator().to("cuda")
    with torch.no_grad():
        w = g.mapping(torch.randn(10000, 64, device="cuda"))
        w_std = w.std()
    latent = w.mean(0, keepdim=True).clone().requires_grad_(True)
    opt = torch.optim.Adam([latent], lr=0.1)
    for i in range(steps):
        strength = w_std * 0.05 * max(0.0, 1 - i / 750) ** 2
        noise = strength.item() * torch.randn_like(latent)  # expect: GPU201 "`strength.item()` copies the GPU tensor"
        lr_scale = g.schedule(i).item()  # ok: GPU201 (a plain Python child: a host tensor)
        loss = (g.synthesis(latent + noise) - target).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        for group in opt.param_groups:
            group["lr"] = 0.1 * lr_scale
        opt.step()
