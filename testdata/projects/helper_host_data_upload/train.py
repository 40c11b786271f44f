"""The helper's copies wait for what the step queued before its call: after
the generator's forward they drain it (one finding at the call); first
thing in a step whose batch copy already blocked, they wait for nothing."""
import torch
import torch.nn.functional as F

from imaging import jitter, normalize

device = torch.device("cuda")
generator = torch.nn.Conv2d(3, 3, 3, padding=1).to(device)
scorer = torch.nn.Conv2d(3, 8, 3, padding=1).to(device)
opt = torch.optim.Adam(generator.parameters(), lr=1e-3)


def train_style(loader):
    for images in loader:
        images = images.to(device, non_blocking=True)
        styled = generator(images)
        loss = F.mse_loss(scorer(normalize(styled)), scorer(images))  # expect: GPU201 "normalize() runs `batch.new_tensor(MEAN)"
        opt.zero_grad()
        loss.backward()
        opt.step()


def train_plain(loader):
    for images in loader:
        images = images.to(device)
        inputs = jitter(images)  # ok: the blocking copy above already drained the queue; nothing queued since
        loss = F.mse_loss(generator(inputs), images)
        opt.zero_grad()
        loss.backward()
        opt.step()
