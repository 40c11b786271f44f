"""Conditions that need a GPU tensor's truth value: `if`, `while`, a
conditional expression or an `assert` on a comparison or an any/all/isnan test
of a tensor makes Python copy it to the host. The tempting twins stay silent:
tests of host values (shapes, sizes, step counters, `.item()` results already
read), identity and membership tests, a list of tensors tested for emptiness,
and tests spaced out by a periodic guard or outside the step loop."""
import torch
from torch.utils.data import DataLoader

device = torch.device("cuda")
model = torch.nn.Linear(16, 4).to(device)
criterion = torch.nn.CrossEntropyLoss()
optimizer = torch.optim.AdamW(model.parameters())
loader = DataLoader(range(1024), batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
best = float("inf")

for epoch in range(10):
    for step, (x, y) in enumerate(loader):
        x = x.to(device, non_blocking=True)
        y = y.to(device, non_blocking=True)
        assert torch.isfinite(x).all(), "non-finite inputs"  # expect: GPU201 "drop the assert"
        out = model(x)
        while out.abs().max() > 1e6 and step < 3:  # expect: GPU201 "`out.abs().max() > 1e6`"
            out = out / 10
        loss = criterion(out, y)
        outputs = [out, loss]
        if outputs:  # ok: GPU201 (a list: its truth is its length)
            pass
        if out.shape[0] > 1 and x.size(0) == 64:  # ok: GPU201 (host sizes)
            pass
        if out is not None and "logits" not in outputs:  # ok: GPU201 (identity and membership)
            pass
        if step % 100 == 0 and loss < best:  # ok: GPU201 (spaced out: every 100 steps)
            best = loss.item()  # ok: GPU201
        if torch.isnan(loss):  # expect: GPU201 "Line 37 waits on the GPU again right after it"
            continue
        scale = 0.5 if loss > 10 else 1.0  # ok: GPU201 (tests `loss` right after the test at line 35: part of that finding)
        (loss * scale).backward()
        found_inf = torch.isinf(out).any()
        if not found_inf:  # expect: GPU201 "It is computed from `model(x)`"
            optimizer.step()
    with torch.no_grad():
        val = model(torch.randn(8, 16, device=device)).mean()
    if val < best:  # ok: GPU201 (once per epoch)
        best = val
