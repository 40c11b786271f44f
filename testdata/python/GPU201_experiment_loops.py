"""Loops that are not step or batch loops although they look like them: a
batch-size search that builds a fresh model on every pass (one experiment per
pass) and a loop that only prints the shapes a loader yields. The tempting
twins (a loss module rebuilt per step, a print that runs the model) stay
per-step."""
import time

import torch
import torch.nn as nn


class TinyGPT(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = nn.Linear(width, width)

    def forward(self, x):
        return self.proj(x)


device = torch.device("cuda")


def largest_batch(width):
    low, high = 1, 4096
    while low <= high:
        batch_size = (low + high) // 2
        try:
            model = TinyGPT(width).bfloat16().to(device)
            inputs = torch.randn(batch_size, width, device=device, dtype=torch.bfloat16)
            torch.cuda.synchronize()  # ok: GPU201 (one experiment per pass, timed)
            start = time.time()
            model(inputs).sum().backward()
            torch.cuda.synchronize()  # ok: GPU201 (one experiment per pass, timed)
            print(f"batch {batch_size}: {time.time() - start:.3f}s")  # ok: GPU206
            low = batch_size + 1
        except torch.cuda.OutOfMemoryError:
            high = batch_size - 1


def train(loader, width):
    model = TinyGPT(width).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        criterion = nn.MSELoss().to(device)  # a torch.nn loss rebuilt per step: still the step loop
        loss = criterion(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        loss.backward()
        optimizer.step()
        print(loss.item())  # expect: GPU201 "on every step of the training step loop"


@torch.no_grad()
def inspect(train_loader, val_loader, model):
    model.eval()
    for x, y in train_loader:
        print(x.shape, y.shape)  # ok: GPU206 (prints what the loader yields; no GPU work)
    for x, y in val_loader:
        print(model(x.to(device, non_blocking=True)).sum().item())  # expect: GPU201 "every batch of the evaluation loop"
