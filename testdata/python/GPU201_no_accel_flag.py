"""The accelerator is on unless --no-accel is given: the GPU path needs no
flag, and the message names none."""
import argparse

import torch
import torch.nn.functional as F

parser = argparse.ArgumentParser()
parser.add_argument("--no-accel", action="store_true", help="disables the accelerator")
args = parser.parse_args()

use_accel = not args.no_accel and torch.accelerator.is_available()
device = torch.accelerator.current_accelerator() if use_accel else torch.device("cpu")


def train(model, loader, optimizer):
    for data, target in loader:
        loss = F.nll_loss(model(data.to(device, non_blocking=True)), target.to(device, non_blocking=True))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        print(loss.item())  # expect: GPU201 "`loss.item()` copies the GPU tensor `loss`"
