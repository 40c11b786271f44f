"""A sampling helper the step loop calls on every step checks its settings
first, with the periodic skip nested in branches (`if step == 0: ... else:
if step % every != 0 or at_epoch_end: return`): whichever branch returns,
what follows runs once per period. A helper whose only early return is a
rank check still runs its body on every step."""
import torch
import torch.nn as nn


def maybe_sample(model, step, every, sample_first, at_epoch_end=False):
    if step == 0:
        if not sample_first:
            return
    else:
        if every is None:
            return
        if step % every != 0 or at_epoch_end:
            return
    print(f"sampling at step {step}")  # ok: GPU206 (the nested skip returns until the next period)
    with torch.no_grad():
        image = model(torch.randn(1, 8, device="cuda"))
    print(image.mean().item())  # ok: GPU201 GPU206 (once per period)


def show_progress(step, lr, rank):
    if rank != 0:
        return
    print(f"step {step} lr {lr}")  # expect: GPU206 "logs on every step"


net = nn.Linear(8, 8).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for step in range(10000):
    x = torch.randn(32, 8, device="cuda")
    loss = net(x).square().mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    maybe_sample(net, step, 500, sample_first=True)
    show_progress(step, opt.param_groups[0]["lr"], rank=0)
