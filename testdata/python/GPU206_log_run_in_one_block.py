# Statements of one logger that follow each other in one block are one
# logging event per step: one guard around them fixes them all, so they are
# one finding at the first, the others named in its notes. A log separated
# from the run by other work, or written by another logger, is a finding of
# its own.
import torch
from torch import nn
from torch.utils.data import DataLoader
from torch.utils.tensorboard import SummaryWriter


def fit(dataset, model, opt, sched):
    loader = DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    tb = SummaryWriter("runs/demo")
    step = 0
    for xb, yb in loader:
        xb, yb = xb.cuda(non_blocking=True), yb.cuda(non_blocking=True)
        loss = nn.functional.cross_entropy(model(xb), yb)
        loss.backward()
        opt.step()
        sched.step()
        opt.zero_grad()
        step += 1
        lr = sched.get_last_lr()[0]
        tb.add_scalar("train/lr", lr, global_step=step)  # expect: GPU206 "one guard covers them all"
        # the momentum too
        tb.add_scalar("train/momentum", opt.param_groups[0]["betas"][0], global_step=step)  # ok: same run of logs as the line above
        tb.add_text("train/phase", "warmup" if step < 100 else "main", global_step=step)  # ok: same run of logs
        print(f"step {step} lr {lr:.2e}")  # expect: GPU206 "print"
        wd = opt.param_groups[0]["weight_decay"]
        tb.add_scalar("train/wd", wd, global_step=step)  # expect: GPU206 "logs on every step"
