"""A model built with the class count from the command line and moved to
the GPU under the same name; a loss built in two parts, the second added in
place (`loss += ...`), still lives on the GPU when it is read."""
import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from evaluate import evaluate


class SegNet(nn.Module):
    def __init__(self, n_classes):
        super().__init__()
        self.n_classes = n_classes
        self.conv = nn.Conv2d(3, n_classes, 3, padding=1)

    def forward(self, x):
        return self.conv(x)


def soft_overlap(probs, target):
    return (2 * (probs * target).sum() + 1) / (probs.sum() + target.sum() + 1)


def hard_overlap(probs, target):
    return soft_overlap(probs.round(), target)


def overlap_loss(logits, target, soft=True):
    overlap = soft_overlap if soft else hard_overlap
    return 1 - overlap(logits.softmax(1)[:, 1], target)


parser = argparse.ArgumentParser()
parser.add_argument("--classes", type=int, default=2)
args = parser.parse_args()
device = torch.device("cuda")
net = SegNet(n_classes=args.classes)
net = net.to(device)
criterion = nn.CrossEntropyLoss() if net.n_classes > 1 else nn.BCEWithLogitsLoss()
opt = torch.optim.Adam(net.parameters())
data = TensorDataset(torch.randn(512, 3, 32, 32), torch.randint(0, 2, (512, 32, 32)))
loader = DataLoader(data, batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)
val_loader = DataLoader(data, batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)

for epoch in range(20):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        logits = net(x)
        loss = criterion(logits, y)
        loss += overlap_loss(logits, y.float())
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"loss {loss.item():.4f}")  # expect: GPU201 "loss"
    print(evaluate(net, val_loader, device))
