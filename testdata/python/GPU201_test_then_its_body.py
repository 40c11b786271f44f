"""A test of a GPU value, then a sync in the body it guards: the body runs
right after the test's read, with nothing queued in between (one finding).
A log under an overflow check (`any(not torch.isfinite(...))`) runs only
when the gradients overflow."""
import logging

import torch

log = logging.getLogger(__name__)
device = torch.device("cuda")
net = torch.nn.Linear(64, 64).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
scale_exp = 16


def shifted_mask(img, shift):
    width = img.shape[-1]
    offset = (shift * width).floor().long()
    out = torch.zeros_like(img)
    lo = max(offset, 0)
    hi = min(offset, 0) + width
    if lo < hi:  # expect: GPU201 "Line 23 waits on the GPU again right after it"
        out[..., lo:hi] = 1  # ok: waits right after the test above: part of its finding
    return out


def apply_update():
    global scale_exp
    if any(not torch.isfinite(p.grad).all() for p in net.parameters()):  # expect: GPU201 "once per element"
        scale_exp -= 1
        log.warning("gradient overflow, scale lowered to 2**%d", scale_exp)  # ok: only when the gradients overflow
        return
    opt.step()


def train(loader):
    for (x,) in loader:
        x = x.to(device, non_blocking=True)
        opt.zero_grad()
        y = net(x)
        mask = shifted_mask(y, torch.rand([], device=device) * 0.25)
        ((y * mask).pow(2).mean() * 2**scale_exp).backward()
        apply_update()
