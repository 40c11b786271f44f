# A library module's own method (`vae.encode(x)`) runs its layers on the GPU
# like a forward call: host data copied to the GPU right after it waits for
# the whole encoder. A bookkeeping method (`unet.train()`) queues nothing, so
# a copy after it waits for nothing new.
import torch
from diffusers.models import AutoencoderKL
from torch import nn

device = torch.device("cuda")
vae = AutoencoderKL.from_pretrained("org/some-vae").to(device)
unet = nn.Conv2d(4, 4, 3, padding=1).to(device)
opt = torch.optim.AdamW(unet.parameters(), lr=1e-4)


def fit(loader):
    for x in loader:
        x = x.to(device, non_blocking=True)
        with torch.no_grad():
            lat = vae.encode(x).latent_dist.sample() * 0.18215
        gains = torch.tensor([0.9, 0.8, 0.7, 0.6], device=device)  # expect: GPU201 "builds a CUDA tensor from host data"
        loss = (unet(lat) * gains[None, :, None, None]).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def fit_latents(loader):
    for lat in loader:
        unet.train()
        gains = torch.tensor([0.9, 0.8, 0.7, 0.6], device=device)  # ok: nothing queued in this step yet
        lat = lat.to(device, non_blocking=True)
        loss = (unet(lat) * gains[None, :, None, None]).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
