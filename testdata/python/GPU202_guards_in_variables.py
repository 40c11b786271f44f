"""Periodic guards held in local variables, step sets and project predicates
are judged like the inline form: an interval below min_guard_interval is
still every step, an unknown or long one is periodic."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

parser = argparse.ArgumentParser()
parser.add_argument("--eval-interval", type=int, default=500)
parser.add_argument("--log-interval", type=int, default=1)
args = parser.parse_args()

device = torch.device("cuda")
model = nn.Linear(128, 10).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
eval_steps = {1000, 2000, 5000}


def divisible_by(numer, denom):
    """True on every denom-th step."""
    return numer % denom == 0


@torch.no_grad()
def evaluate(val_loader):
    model.eval()
    total = torch.zeros((), device=device)
    for images, labels in val_loader:
        total += F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
    model.train()
    return total


def train(loader, val_loader, total_steps):
    for step, (images, labels) in enumerate(loader):
        loss = F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

        is_final_step = step == total_steps - 1
        do_eval = step % args.eval_interval == 0
        if do_eval or is_final_step:
            evaluate(val_loader)  # ok: GPU202 (every 500 steps, and the last)
        run_probe = step % args.log_interval == 0
        if run_probe:
            evaluate(val_loader)  # expect: GPU202 "`args.log_interval` resolves to 1"

        should_log = (step + 1) % args.log_interval == 0
        if should_log:
            print(f"step {step}")  # expect: GPU206 "Its guard `should_log` is true on every step (`args.log_interval` resolves to 1"
        should_report = (step + 1) % args.eval_interval == 0
        if should_report:
            print(f"step {step} of {total_steps}")  # ok: GPU206 (every 500 steps)

        if step in eval_steps:
            torch.save(model.state_dict(), f"ckpt_{step}.pt")  # ok: GPU203 (listed steps only)
        if step != 0 and divisible_by(step, 1000):
            print(f"step {step}: loss {loss.item():.3f}")  # ok: GPU201 (every 1000 steps through divisible_by)
        if divisible_by(step, 2):
            print(f"step {step}: loss {loss.item():.3f}")  # expect: GPU201 "Its guard `divisible_by(step, 2)` is true every 2 steps, below min_guard_interval (10)"
