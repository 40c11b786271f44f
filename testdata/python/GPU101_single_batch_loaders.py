"""GPU101: a DataLoader from which the script draws one batch, once
(`fixed_images, _ = next(iter(loader))` at start-up, kept to plot the same
samples after every epoch), loads nothing during training: workers would
only add start-up time. A loader drawn from inside a loop, or iterated
anywhere else, loads its batches in the training process as usual."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")
generator = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 784)).to(device)
optimizer = torch.optim.Adam(generator.parameters(), lr=2e-4)

train_set = TensorDataset(torch.randn(512, 16), torch.randn(512, 784))
held_out = TensorDataset(torch.randn(128, 16), torch.randn(128, 784))

train_loader = DataLoader(train_set, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
preview_loader = DataLoader(held_out, batch_size=25, shuffle=True)  # ok: GPU101 (one batch, drawn once below)
fixed_codes, fixed_targets = next(iter(preview_loader))
fixed_codes = fixed_codes.to(device)

probe_loader = DataLoader(held_out, batch_size=25, shuffle=True)  # expect: GPU101 (a batch drawn on every epoch)
stream_loader = DataLoader(held_out, batch_size=25, pin_memory=True)  # expect: GPU101 (an iterator drawn from step by step)
stream = iter(stream_loader)


def train(epochs):
    for epoch in range(epochs):
        for codes, targets in train_loader:
            codes = codes.to(device, non_blocking=True)
            targets = targets.to(device, non_blocking=True)
            loss = F.mse_loss(generator(codes), targets)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            extra_codes, _ = next(stream)
        probe_codes, _ = next(iter(probe_loader))
        with torch.no_grad():
            samples = generator(fixed_codes)
            probes = generator(probe_codes.to(device))
        torch.save({"samples": samples, "probes": probes}, f"samples_{epoch}.pt")


def sample_once(dataset):
    loader = DataLoader(dataset, batch_size=8)  # ok: GPU101 (one batch, drawn once in this function)
    codes, _ = next(iter(loader))
    with torch.no_grad():
        return generator(codes.to(device))


def inspect(dataset):
    loader = DataLoader(dataset, batch_size=8)  # ok: GPU101 (two peeks and a length: nothing iterated)
    print(next(iter(loader))[0].shape, len(loader))
    return next(iter(loader))


def leftover(dataset):
    unused = DataLoader(dataset, batch_size=8)  # ok: GPU101 (built and never read in this function)
    return len(dataset)
