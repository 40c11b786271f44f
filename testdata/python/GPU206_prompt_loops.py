"""An image generation script: the loop over the images of a prompt
(`range(images_per_prompt)`: a rate counts repetitions, not batches)
collects a batch and runs a whole diffusion sampler (a loop over a
schedule's timesteps) when the batch is full. Its passes are no batches of
work for the GPU, so per-image logs are not per-step logs. The twin loop over a loader that runs
the model once per batch is an evaluation loop."""
import logging

import torch
from tqdm import tqdm
from diffusion_zoo import load_denoiser

logger = logging.getLogger(__name__)
device = torch.device("cuda")


class Denoiser(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(64, 64)

    def forward(self, x, t):
        return self.net(x) * t


class Sampler:
    def __init__(self, unet, timesteps):
        self.unet = unet
        self.timesteps = timesteps

    def __call__(self, prompts):
        latents = torch.randn(len(prompts), 64, device=device)
        for i, t in enumerate(tqdm(self.timesteps)):
            latents = latents - self.unet(latents, t)
        return latents


unet = Denoiser().to(device).eval()
# The sampler's denoiser comes from a library loader: nothing says it is a
# module, but a loop over a schedule's timesteps is a sampler all the same.
sampler = Sampler(load_denoiser("sdxl").to(device), torch.linspace(1, 0, 50, device=device))


@torch.no_grad()
def main(prompt_list, images_per_prompt, batch_size, loader):
    batch = []
    for prompt_index, prompt in enumerate(prompt_list):
        for pi in range(images_per_prompt):
            logger.info(f"prompt {prompt_index + 1}, image {pi}: {prompt}")  # ok: GPU206 (once per image)
            batch.append(prompt)
            if len(batch) == batch_size:
                images = sampler(batch)
                batch.clear()
    for x in loader:
        out = unet(x.to(device, non_blocking=True), 1.0)
        logger.info("scored a batch")  # expect: GPU206 "every batch of the evaluation loop"
