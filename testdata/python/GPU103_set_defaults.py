"""GPU103 fixture: parser.set_defaults() replaces an option's default (a
--x / --no-x pair shares one dest; set_defaults decides what it starts as)."""
import argparse

import torch
from torch.utils.data import DataLoader
from torchvision import datasets

parser = argparse.ArgumentParser()
parser.add_argument("--pin-mem", action="store_true")
parser.add_argument("--no-pin-mem", action="store_false", dest="pin_mem")
parser.set_defaults(pin_mem=True)
parser.add_argument("--staged-copies", action="store_true")
parser.set_defaults(staged_copies=False)
args = parser.parse_args()

device = torch.device("cuda")
model = torch.nn.Linear(784, 10).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
pinned = DataLoader(datasets.MNIST("/data"), batch_size=64, num_workers=4, pin_memory=args.pin_mem, persistent_workers=True)  # ok: GPU103
pageable = DataLoader(datasets.MNIST("/data"), batch_size=64, num_workers=4, pin_memory=args.staged_copies, persistent_workers=True)  # expect: GPU103 "set_defaults(staged_copies"



def fit(loader):
    for images, labels in loader:
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(images.flatten(1)), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


fit(pinned)
fit(pageable)
