"""Builds the loaders once and runs the epochs; the prefetcher restarts the loader's workers every epoch."""
import argparse

import torch
from torch.utils.data import DataLoader

from engine import train_one_epoch

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=40)
parser.add_argument("--workers", type=int, default=6)
args = parser.parse_args()


def main(model, criterion, optimizer, train_set, extra_set):
    device = torch.device("cuda")
    model.to(device)
    train_loader = DataLoader(train_set, batch_size=32, shuffle=True, num_workers=args.workers, pin_memory=True)  # expect: GPU105 "6 workers"
    extra_loader = DataLoader(extra_set, batch_size=32, shuffle=True, num_workers=args.workers, pin_memory=True,
                              persistent_workers=True)  # ok: GPU105 (persistent workers)
    for epoch in range(args.epochs):
        train_one_epoch(model, criterion, optimizer, train_loader, device)
        train_one_epoch(model, criterion, optimizer, extra_loader, device)
