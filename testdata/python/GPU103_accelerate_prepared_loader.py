"""GPU103 fixture: a loader handed to accelerator.prepare() is copied to the GPU by accelerate before the body
runs; the `.to(accelerator.device)` in the loop copies nothing, so the fix pins the loader and leaves it alone."""
import torch
import torch.nn.functional as F
from accelerate import Accelerator
from torch.utils.data import DataLoader


def main(model, dataset, optimizer, epochs=10):
    accel = Accelerator()
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=8, persistent_workers=True)  # expect: GPU103 "copied to the GPU by accelerate in the training step loop"
    model, optimizer, loader = accel.prepare(model, optimizer, loader)
    for epoch in range(epochs):
        for images, labels in loader:
            images = images.to(accel.device)  # ok: GPU104 (accelerate placed the batch already)
            loss = F.cross_entropy(model(images), labels)
            accel.backward(loss)
            optimizer.step()
            optimizer.zero_grad()


def plain(model, dataset, optimizer, epochs=10):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=8, persistent_workers=True)  # expect: GPU103 "copy with .to(device, non_blocking=True)"
    for epoch in range(epochs):
        for images, labels in loader:
            images = images.to("cuda")
            loss = F.cross_entropy(model(images), labels.to("cuda"))
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()


def resumed(model, dataset, optimizer, accelerator, start_step, epochs=10):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=8, persistent_workers=True)  # expect: GPU103 "by accelerate"
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    skipped = accelerator.skip_first_batches(loader, start_step) if start_step > 0 else None
    for epoch in range(epochs):
        for step, (images, labels) in enumerate(skipped or loader):
            loss = F.cross_entropy(model(images.to(accelerator.device)), labels)  # ok: GPU104
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        skipped = None
