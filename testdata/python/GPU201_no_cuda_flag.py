# The device is chosen by an opt-out flag: `--no-cuda` (off by default) leaves
# the script on the GPU, so the GPU path is the default run and a per-step
# read of the loss is a device sync.
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--no-cuda", dest="no_cuda", action="store_true")
parser.add_argument("--epochs", type=int, default=10)
args = parser.parse_args()
device_name = "cpu" if args.no_cuda else "cuda"


def fit(net, loader, optimizer, criterion):
    net = net.to(device_name)
    seen = 0.0
    for clips, labels in loader:
        logits = net(clips.to(device_name, non_blocking=True))
        loss = criterion(logits, labels.to(device_name, non_blocking=True))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        seen += loss.item()  # expect: GPU201 "`loss.item()`"
    return seen
