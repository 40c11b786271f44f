"""A diffusion objective: the per-sample error is scaled by a coefficient
looked up in a schedule table that is moved to the timesteps' device."""
import numpy as np
import torch

SNR = np.linspace(1.0, 0.01, 1000)


def lookup(table, t):
    return torch.from_numpy(table).float().to(device=t.device)[t]


def denoising_losses(net, x, t):
    noise = torch.randn_like(x)
    weight = lookup(SNR, t)
    error = (net(x + noise) - noise).pow(2).mean(dim=1)
    return {"loss": error * weight, "error": error}
