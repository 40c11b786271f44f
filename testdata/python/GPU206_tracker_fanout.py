"""A logging helper that writes the same record to each configured tracker is
one logging event per step: reported once, at its first log. Two calls of
helpers in the loop are two events. The learning rate read from
`optimizer.param_groups` is a host float: a log, not a GPU201 sync."""
import torch
import wandb
from torch.utils.tensorboard import SummaryWriter

writer = SummaryWriter()
device = torch.device("cuda")
model = torch.nn.Linear(8, 1).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


def log_to_trackers(logs, step, use_tensorboard, use_wandb, others):
    if use_tensorboard:
        writer.add_scalars("train", logs, step)  # expect: GPU206 "through log_to_trackers() called at line 32"
    if use_wandb:
        wandb.log(logs, step=step)  # ok: GPU206 (same event as the line above)
    for tracker in others:
        tracker.log(logs, step=step)  # ok: GPU206 (same event)


def log_lr(step):
    wandb.log({"lr": optimizer.param_groups[0]["lr"]}, step=step)  # expect: GPU206 "through log_lr() called at line 33"


for step, x in enumerate(torch.utils.data.DataLoader(range(1000), batch_size=64, num_workers=4, pin_memory=True)):
    loss = model(x.to(device, non_blocking=True).float().unsqueeze(1)).mean()
    loss.backward()
    optimizer.step()
    log_to_trackers({"steps": step}, step, True, True, [])
    log_lr(step)
