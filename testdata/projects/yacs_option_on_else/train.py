# The else of `if cfg.SOLVER.CLIP_NORM:` never runs: every config keeps
# clipping on (5.0 by default, 1.0 and 3.0 in configs/), so the helper that
# reads each parameter's norm there is no per-step cost. The branch behind
# TRACK_NORM, off everywhere, is off too; the norm logged on every step
# after it is reported.
import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

from defaults import load_config


def grad_norm_by_hand(parameters):
    total = 0.0
    for p in parameters:
        if p.grad is not None:
            total += p.grad.norm().item() ** 2  # ok: GPU201 — only in the else of an option on in every config
    return total ** 0.5


def train_one_epoch(cfg, model, loader, optimizer):
    for images, labels in loader:
        images, labels = images.cuda(non_blocking=True), labels.cuda(non_blocking=True)
        loss = nn.functional.cross_entropy(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        if cfg.SOLVER.CLIP_NORM:
            norm = nn.utils.clip_grad_norm_(model.parameters(), cfg.SOLVER.CLIP_NORM)
        else:
            norm = grad_norm_by_hand(model.parameters())
        if cfg.SOLVER.TRACK_NORM:
            print("grad norm", grad_norm_by_hand(model.parameters()))
        optimizer.step()
        print(f"norm {norm:.3f}")  # expect: GPU201 "norm"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cfg", default="configs/small.yaml")
    cfg = load_config(parser.parse_args().cfg)
    model = nn.Sequential(nn.Flatten(), nn.Linear(3 * 32 * 32, 10)).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.SOLVER.LR, momentum=0.9)
    data = datasets.CIFAR10("data", train=True, download=True, transform=transforms.ToTensor())
    loader = DataLoader(data, batch_size=256, shuffle=True, num_workers=cfg.LOADER.WORKERS, pin_memory=True,
                        persistent_workers=True)
    for epoch in range(cfg.SOLVER.EPOCHS):
        train_one_epoch(cfg, model, loader, optimizer)


if __name__ == "__main__":
    main()
