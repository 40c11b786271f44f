import torch
from torch import nn

from noise import Scheduler

device = torch.device("cuda")
encoder = nn.Conv2d(3, 4, 8, stride=8).to(device)
denoiser = nn.Conv2d(4, 4, 3, padding=1).to(device)
opt = torch.optim.AdamW(denoiser.parameters(), lr=1e-4)
schedule = Scheduler()


def fit(steps):
    for it in range(steps):
        img = torch.randn(32, 3, 256, 256, device=device)
        with torch.no_grad():
            z = encoder(img)
        t = torch.randint(0, 1000, (z.shape[0],), device=device)
        loss = schedule.loss(denoiser, z, t)  # expect: GPU201 "reaches `torch.from_numpy(table).to(device=t.device)`"
        preview = schedule.host_preview(3)  # ok: a host lookup, nothing is copied
        opt.zero_grad()
        loss.backward()
        opt.step()


def fit_spaced(steps):
    for it in range(steps):
        img = torch.randn(32, 3, 256, 256, device=device)
        with torch.no_grad():
            z = encoder(img)
        t = torch.randint(0, 1000, (z.shape[0],), device=device)
        loss = schedule.spaced_loss(denoiser, z, t)  # expect: GPU201 "reaches `torch.tensor(self.kept"
        opt.zero_grad()
        loss.backward()
        opt.step()


fit(200000)
fit_spaced(200000)
