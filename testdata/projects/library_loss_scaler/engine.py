"""One epoch of training whose backward and optimizer step run inside the
loss scaler main.py hands in: timm's NativeScaler, called with the loss and
the optimizer, scales, backpropagates, clips and steps. The loop is a step
loop although it never calls .backward() or .step() itself."""
import math

import torch


def train_one_epoch(model, criterion, loader, optimizer, loss_scaler, device, clip=None):
    model.train()
    for images, labels in loader:
        images = images.to(device, non_blocking=True)
        labels = labels.to(device, non_blocking=True)
        with torch.autocast("cuda"):
            loss = criterion(model(images), labels)
        value = loss.item()  # expect: GPU201 "loss.item()"
        if not math.isfinite(value):
            raise SystemExit(f"loss is {value}")  # ok: GPU206 (stops the run)
        optimizer.zero_grad()
        loss_scaler(loss, optimizer, clip_grad=clip, parameters=model.parameters())
        torch.cuda.synchronize()  # expect: GPU201 "torch.cuda.synchronize()"


@torch.no_grad()
def score_pairs(model, loader, pair_scaler, device):
    """`pair_scaler` is some other callable (a plain function main.py
    passes): no training step, so the loop is no step loop."""
    model.eval()
    totals = []
    for images, _ in loader:
        out = model(images.to(device, non_blocking=True))
        totals.append(pair_scaler(out, 2.0))
    return totals
