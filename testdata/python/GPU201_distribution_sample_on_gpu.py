"""A draw from a distribution lives where the distribution's parameters live:
latents sampled from a GPU encoder's posterior
(`vae.encode(x).latent_dist.sample()`) are GPU tensors, and testing them for
NaN in Python every step copies a bool to the host. A distribution built from
host tensors draws on the host, and `random.sample` picks from a list."""
import random

import torch
import torch.nn as nn
from diffusers import AutoencoderKL

device = torch.device("cuda")
vae = AutoencoderKL.from_pretrained("some/vae").to(device)
unet = nn.Conv2d(4, 4, 3, padding=1).to(device)
optimizer = torch.optim.AdamW(unet.parameters(), lr=1e-4)
prior = torch.distributions.Normal(torch.zeros(4), torch.ones(4))
scales = [0.5, 1.0, 2.0]

for step in range(10000):
    pixels = torch.randn(8, 3, 64, 64, device=device)
    with torch.no_grad():
        latents = vae.encode(pixels).latent_dist.sample()
        if torch.isnan(latents).any():  # expect: GPU201 "truth value of `torch.isnan(latents).any()`"
            latents = torch.nan_to_num(latents)
    jitter = prior.sample()
    if (jitter > 3).any():  # ok: GPU201 (a draw from a distribution of host tensors is on the host)
        jitter = jitter.clamp(max=3)
    scale = random.sample(scales, 1)[0]  # ok: GPU201 (picks from a Python list)
    loss = unet(latents * scale).square().mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
