"""Gradient accumulation with DDP: the same checked loss is computed in
either arm of the no_sync split, and once more for a probe each step."""
import contextlib

import torch
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader

from checks import checked_loss


def train(net, dataset, overlap, accum=4):
    device = torch.device("cuda")
    model = DDP(net.to(device), device_ids=[device])
    opt = torch.optim.AdamW(model.parameters())
    loader = DataLoader(dataset, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    for i, (x, y) in enumerate(loader):
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        if not overlap:
            loss = checked_loss(model, x, y)  # expect: GPU201 "checked_loss() runs"
        else:
            with model.no_sync():
                loss = checked_loss(model, x, y)  # ok: GPU201 (the other arm of the same branch: one wait per step, reported above)
        loss.backward()
        probe = checked_loss(net, x, y)  # expect: GPU201 "checked_loss() runs"
        if (i + 1) % accum == 0:
            opt.step()
            opt.zero_grad()
        del probe
