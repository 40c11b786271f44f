"""A step loop over a name that holds an enumeration (`progress =
enumerate(loader)`, wrapped again in a progress bar on rank 0): its first
target is the step index, so `seen = i + per_epoch * epoch` counts steps and
`seen < 3` is a first-few-steps guard (RULES.md "How often a line runs")."""
import torch
import torch.nn as nn
from tqdm import tqdm

device = torch.device("cuda")
model = nn.Linear(32, 4).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loss_fn = nn.CrossEntropyLoss()


def train(loader, loaders_by_shard, epochs, rank):
    per_epoch = len(loader)
    previews = []
    for epoch in range(epochs):
        progress = enumerate(loader)
        if rank == 0:
            progress = tqdm(progress, total=per_epoch)
        for i, (images, labels) in progress:
            seen = i + per_epoch * epoch
            images = images.to(device, non_blocking=True)
            loss = loss_fn(model(images), labels.to(device, non_blocking=True))
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            if seen < 3:
                previews.append(images.cpu())  # ok: GPU201 (the first three steps only)
            print(f"step {seen}: {loss.item():.3f}")  # expect: GPU201 "every step"

        # Pairs from two loaders, not an enumeration: the first target is a
        # batch, so the guard below says nothing about how often it holds.
        shards = zip(loaders_by_shard[0], loaders_by_shard[1])
        for first, (images, labels) in shards:
            start = first + per_epoch * epoch
            images = images.to(device, non_blocking=True)
            loss = loss_fn(model(images), labels.to(device, non_blocking=True))
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            if start < 3:
                previews.append(images.cpu())  # expect: GPU201 "every step"
    return previews
