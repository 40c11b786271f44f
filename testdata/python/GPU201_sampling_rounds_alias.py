"""A sampling script counts its rounds with `range(iterations)` kept under
another name and wrapped in a progress bar on rank 0: each round runs a
whole library sampler and saves what it made, so the loop does not iterate
batches and reading its images is not a per-step sync. A progress bar over
the validation loader, wrapped the same way, still iterates batches."""
import os

import numpy as np
import torch
from k_diffusion.sampling import get_sigmas_karras, sample_euler
from torch.utils.data import DataLoader, TensorDataset
from tqdm import tqdm


def main():
    rank = int(os.environ.get("RANK", "0"))
    device = torch.device("cuda")
    denoiser = torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.SiLU(), torch.nn.Linear(16, 16)).to(device)
    denoiser.eval()
    torch.set_grad_enabled(False)
    sigmas = get_sigmas_karras(250, 0.002, 80.0, device=device)

    iterations = 50_000 // 64
    pbar = range(iterations)
    pbar = tqdm(pbar) if rank == 0 else pbar
    for _ in pbar:
        noise = torch.randn(64, 16, device=device) * sigmas[0]
        latents = sample_euler(lambda x, s: denoiser(x), noise, sigmas)
        images = denoiser(latents)
        np.save(f"samples_{rank}.npy", images.clamp(-1, 1).cpu().numpy())  # ok: GPU201 (one read per finished sampling round)

    val = DataLoader(TensorDataset(torch.randn(512, 16)), batch_size=64, num_workers=4, pin_memory=True)
    batches = val
    batches = tqdm(batches) if rank == 0 else batches
    errors = []
    for (x,) in batches:
        x = x.to(device, non_blocking=True)
        errors.append((denoiser(x) - x).pow(2).mean().item())  # expect: GPU201
    print(sum(errors) / len(errors))


if __name__ == "__main__":
    main()
