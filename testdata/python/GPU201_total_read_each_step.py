# Totals summed from `.item()` reads. One is only read after the loop: it can
# stay on the GPU (the unsafe fix accumulates `.detach()`). The other feeds a
# progress line on every step: on the GPU it would be read back by the
# formatting instead, so no accumulation fix is offered for it.
import torch


def train(model, loader, optimizer, criterion):
    seen = 0.0
    running = 0.0
    for i, (x, y) in enumerate(loader):
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        seen += loss.item()  # expect: GPU201 "accumulate it with .detach() on the GPU"
        running += loss.item()  # ok: GPU201 (read right after line 17: part of its finding)
        print("loss %.3f" % (running / (i + 1)), end="\r")
    return seen
