# Gradient accumulation: the inner loop draws the micro-batches and sums their
# `.item()`s, the outer loop steps the optimizer and shows the total on the
# progress bar once per optimizer step. Accumulating `.detach()` instead would
# only move the sync into that display, so no fix is offered there. A total
# the epoch loop resets and prints once per epoch is what the fix is for.
import torch
from tqdm import tqdm


def fit(model, batches, optimizer, total_steps, micro=4):
    bar = tqdm(total=total_steps)
    for step in range(total_steps):
        shown = 0.0
        for _ in range(micro):
            x = next(batches).cuda(non_blocking=True)
            loss = model(x).mean() / micro
            shown += loss.item()  # expect: GPU201 "under a periodic guard"
            loss.backward()
        bar.set_postfix(loss=f"{shown:.4f}")
        optimizer.step()
        optimizer.zero_grad()
        bar.update(1)


def fit_epochs(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        epoch_total = 0.0
        for x in loader:
            x = x.cuda(non_blocking=True)
            loss = model(x).mean()
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            epoch_total += loss.item()  # expect: GPU201 "accumulate it with .detach() on the GPU"
        print(f"epoch {epoch}: {epoch_total / len(loader):.4f}")
