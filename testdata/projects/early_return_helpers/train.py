"""A step loop calling helpers whose work sits behind an early return (a
sampling interval, a loss type): silent. An exit on the other ranks or on a
type test or on an empty batch, or the else of an empty-batch test, leaves the
sync on every step of the process that runs it."""
import sys

import torch
from torch.utils.data import DataLoader

from helpers import (as_number, count_matches, count_matches_by_mode, huber_threshold, loss_value, report_loss,
                     sample_images, sample_on_schedule)

device = torch.device("cuda")
model = torch.nn.Linear(8, 8).to(device)
optimizer = torch.optim.AdamW(model.parameters())
loader = DataLoader(range(4096), batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
table = torch.linspace(0, 1, 1000)

for epoch in range(2):
    for step, batch in enumerate(loader):
        batch = batch.to(device, non_blocking=True)
        timesteps = torch.randint(0, 1000, (64,), device=device)
        loss = model(batch).pow(2).mean()
        loss.backward()
        optimizer.step()
        threshold = huber_threshold("l2", timesteps, table)  # ok: GPU201 (behind an early return)
        sample_images(model, step, 500)  # ok: GPU201 GPU206 (every 500 steps)
        sample_on_schedule(model, step, 500, False)  # ok: GPU206 (returns on most steps, from either branch)
        report_loss(loss, step)  # expect: GPU201 "report_loss() runs `loss.item()`"
        loss = model(batch).pow(2).mean()
        total = as_number(loss)  # expect: GPU201 "as_number() runs `value.item()`"
        loss = model(batch).pow(2).mean()
        value = loss_value(loss, batch)  # expect: GPU201 "loss_value() runs `loss.item()`"
        targets = model(batch)[:16, :6]
        counts = count_matches(targets, 64)  # expect: GPU201 "count_matches() runs `hits`"
        targets = model(batch)[:16, :6]
        counts = count_matches_by_mode(targets, 64, "--exact" in sys.argv)  # ok: GPU201 (one configuration's branch)
