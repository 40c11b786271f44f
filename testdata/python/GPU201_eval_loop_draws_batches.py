# `for _ in range(steps): x, y = next(it)` with `it = iter(loader)` pulls one
# batch per pass, whatever the count is called: an evaluation loop. A loop
# that only asks `next(model.parameters())` draws no data.
import torch


@torch.no_grad()
def evaluate(model, loader, steps):
    it = iter(loader)
    total = torch.zeros((), device="cuda")
    for _ in range(steps):
        x, y = next(it)
        out = model(x.cuda(non_blocking=True))
        if (y.cuda(non_blocking=True) < 0).any():  # expect: GPU201
            total += out.sum()
    return total


@torch.no_grad()
def probe(model, steps):
    for _ in range(steps):
        first = next(model.parameters())
        if first.sum() > 0:  # ok: GPU201 (no batch is drawn: the loop repeats one check)
            break
