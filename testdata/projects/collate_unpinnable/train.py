"""Loaders whose collate functions (batching.py) build the batch around a
project object. pin_memory=True cannot pin PaddedImages (it has its own
to() and no pin_memory()), so asking for it is no fix: GPU103 stays silent
for the loader that does not ask, and says what is missing where a loader
asks for pinning it does not get (GPU104 then has no pinned batch to speak
of). The PinnableImages loader is pinnable and is reported."""
import torch

import batching


def train(model, optimizer, dataset, device):
    padded_loader = torch.utils.data.DataLoader(  # ok: GPU103 (the batch is a PaddedImages, which cannot be pinned)
        dataset, batch_size=32, shuffle=True, num_workers=4, persistent_workers=True,
        collate_fn=batching.collate_padded)
    for epoch in range(10):
        for samples, targets in padded_loader:
            samples = samples.to(device)
            loss = model(samples.tensors).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def train_asks_pinning(model, optimizer, dataset, device):
    padded_loader = torch.utils.data.DataLoader(
        dataset, batch_size=32, shuffle=True, num_workers=4, persistent_workers=True, pin_memory=True,  # expect: GPU103 "Give PaddedImages a `pin_memory(self)` method"
        collate_fn=batching.collate_padded)
    for epoch in range(10):
        for samples, targets in padded_loader:
            samples = samples.to(device)  # ok: GPU104 (the batch is not pinned, non_blocking alone would not overlap)
            labels = [t.to(device) for t in targets]  # expect: GPU104 "copies a pinned batch"
            loss = model(samples.tensors).mean() + sum(l.sum() for l in labels) * 0
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def train_pinnable(model, optimizer, dataset, device):
    pinnable_loader = torch.utils.data.DataLoader(  # expect: GPU103
        dataset, batch_size=32, shuffle=True, num_workers=4, persistent_workers=True,
        collate_fn=batching.collate_pinnable)
    for epoch in range(10):
        for samples, targets in pinnable_loader:
            samples = samples.to(device)
            loss = model(samples.tensors).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    device = torch.device("cuda")
    net = torch.nn.Conv2d(3, 8, 3).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = batching.synthetic_images(256)
    train(net, opt, data, device)
    train_asks_pinning(net, opt, data, device)
    train_pinnable(net, opt, data, device)
