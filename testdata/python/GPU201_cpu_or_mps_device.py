# A device chosen between the CPU and Apple's MPS backend: no branch puts the
# script on a CUDA GPU, so reading the loss every step is no device sync
# gpulint reports.
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--no-mps", dest="no_mps", action="store_true")
args = parser.parse_args()
device = torch.device("cpu" if args.no_mps else "mps")


def fit(net, loader, optimizer, criterion):
    net = net.to(device)
    seen = 0.0
    for clips, labels in loader:
        loss = criterion(net(clips.to(device)), labels.to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        seen += loss.item()  # ok: GPU201 (no CUDA device on any path)
    return seen
