"""A test of a GPU value, then a sync in the body it guards: the body runs
right after the test's read, with nothing queued in between (one finding);
GPU work in the body first (a helper's pooling) makes the read wait again.
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
    lo = offset.clamp(min=0)  # (Python's max()/min() would read it here: GPU201_builtin_max_of_tensor)
    hi = offset.clamp(max=0) + width
    if lo < hi:  # expect: GPU201 "Line 24 waits on the GPU again right after it"
        out[..., lo:hi] = 1  # ok: waits right after the test above: part of its finding
    return out


def soften(img):
    return torch.nn.functional.avg_pool2d(img, 3, stride=1, padding=1)


def softened_band(img):
    start = (img.amax() * 4).floor().long()
    stop = (start + 2).clamp(max=0) + img.shape[-1]
    if start < stop:  # expect: GPU201 "truth value of `start < stop`"
        smooth = soften(img)
        peak = smooth.amax().item()  # expect: GPU201 "`smooth.amax().item()`"
        return img / peak
    return img


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
        band = softened_band(y[:, None, None])
        ((y * mask).pow(2).mean() * 2**scale_exp + band.mean()).backward()
        apply_update()
