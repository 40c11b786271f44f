"""Loggers with their own interval are not per-step logging, and one logging
event is one finding: a per-step log of a value read from the GPU is GPU201's
(the read), not also GPU206's (the log call)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
import wandb
from fairseq.logging import progress_bar
from tqdm import tqdm
from transformers import TrainerCallback

device = torch.device("cuda")
model = nn.Linear(128, 10).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
log_interval = 1
gradient_accumulation_steps = 4


def train_fairseq_style(itr, scheduler):
    progress = progress_bar.progress_bar(itr, log_format="simple", log_interval=100)
    tracker = wandb.init(project="demo")
    for i, (images, labels) in enumerate(progress):
        loss = F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        lr = scheduler.get_last_lr()[0]
        progress.log({"lr": lr}, tag="train_inner", step=i)  # ok: GPU206 (the progress bar logs every log_interval steps)
        tracker.log({"lr": lr})  # expect: GPU206 "logs on every step"


def train_nanogpt_style(get_batch, max_iters):
    for iter_num in range(max_iters):
        x, y = get_batch("train")
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if iter_num % log_interval == 0:
            lossf = loss.item() * gradient_accumulation_steps  # expect: GPU201 "`loss.item()`"
            print(f"iter {iter_num}: loss {lossf:.4f}")  # ok: GPU206 (the same logging event, reported at the .item())
            print(f"iter {iter_num} done")  # expect: GPU206 "logs on every step"


def train_yolo_style(loader):
    pbar = tqdm(enumerate(loader), total=len(loader))
    mloss = torch.zeros(3, device=device)
    for i, (images, targets) in pbar:
        loss_items = model(images.to(device, non_blocking=True))[:3]
        loss_items.sum().backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        mloss = (mloss * i + loss_items.detach()) / (i + 1)
        pbar.set_description(f"{i}: {mloss}")  # expect: GPU201 "`pbar.set_description`"  # ok: GPU206 (one finding)


class PrintLogsCallback(TrainerCallback):
    def on_log(self, args, state, control, logs=None, **kwargs):
        print(logs)  # ok: GPU206 (the Trainer calls on_log every logging_steps)
