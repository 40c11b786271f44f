"""A per-step total accumulated with .item(): the unsafe fix accumulates on
the GPU with .detach(), but not when the total then goes to a host library
that rejects a CUDA tensor (np.sqrt, math.log)."""
import math

import numpy as np
import torch

device = torch.device("cuda")
model = torch.nn.Linear(32, 32).to(device)
opt = torch.optim.AdamW(model.parameters())
stats = {}


def grad_norm(params):
    sq = 0.0
    for p in params:
        sq += (p.grad ** 2).sum().item()  # expect: GPU201 "accumulate it with .detach() on the GPU"
    stats["grad_norm"] = np.sqrt(sq)


def weight_energy(params):
    total = 0.0
    for p in params:
        total += p.detach().abs().sum().item()  # expect: GPU201 "accumulate it with .detach() on the GPU"
    return total


def train(steps=1000):
    for step in range(steps):
        x = torch.randn(64, 32, device=device)
        opt.zero_grad()
        model(x).pow(2).mean().backward()
        grad_norm(model.parameters())
        opt.step()
        energy = weight_energy(model.parameters())
        if step % 100 == 0:
            print(step, stats["grad_norm"], math.log1p(float(energy)))
