"""Counting the tokens of a whole accumulated batch across processes before
its micro-steps: `accelerator.gather(...)` returns the counts on the device,
so reading the total with `.item()` on every update waits for the GPU. The
read every 100 updates, for logging, is fine."""
import torch
from accelerate import Accelerator
from torch.utils.data import DataLoader


def train(model, optimizer, dataset, epochs=3, updates=1000, accumulation=4):
    accelerator = Accelerator()
    loader = DataLoader(dataset, batch_size=8, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(epochs):
        batches = iter(loader)
        for update in range(updates):
            micro = [next(batches) for _ in range(accumulation)]
            local = sum((b["labels"] != -100).sum() for b in micro)
            tokens = accelerator.gather(local).sum().item()  # expect: GPU201 "copies a GPU tensor to the host on every step"
            total = torch.zeros((), device=accelerator.device)
            for b in micro:
                loss = model(**b).loss * accumulation
                accelerator.backward(loss)
                total += loss.detach()
            optimizer.step()
            optimizer.zero_grad()
            if update % 100 == 0:
                mean = accelerator.gather(total).mean().item()  # ok: GPU201 (every 100 updates)
                accelerator.print(update, tokens, mean)
