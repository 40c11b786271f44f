"""GPU105 fixture: an epoch loop that resumes from a checkpoint runs a known
number of epochs even though its start is only known at run time."""
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

device = torch.device("cuda")
model = torch.nn.Linear(32, 10).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

start_epoch = 0
if os.path.exists("checkpoint/last.pth"):
    start_epoch = torch.load("checkpoint/last.pth")["epoch"] + 1

train_loader = DataLoader(train_set, batch_size=128, shuffle=True, num_workers=2, pin_memory=True)  # expect: GPU105 "200 epochs of the loop at line 53 (`range(start_epoch, start_epoch + 200)`)"
probe_loader = DataLoader(probe_set, batch_size=128, num_workers=2, pin_memory=True)  # ok: GPU105 (one epoch: range(start, start + 1))
tail_loader = DataLoader(tail_set, batch_size=128, num_workers=2, pin_memory=True)  # ok: GPU105 (the stop is unknown)
# Read by name inside a function the epoch loop calls, as pytorch-cifar-style scripts do.
global_loader = DataLoader(train_set, batch_size=128, num_workers=4, pin_memory=True)  # expect: GPU105 "4 workers is iterated again on each of the 30 epochs"
# Passed once to the same function that the epoch loop calls with another loader.
once_loader = DataLoader(train_set, batch_size=128, num_workers=4, pin_memory=True)  # ok: GPU105 (iterated once)


def train(loader):
    for images, labels in loader:
        images = images.to(device, non_blocking=True)
        labels = labels.to(device, non_blocking=True)
        loss = F.cross_entropy(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def run_epoch():
    for step, (images, labels) in enumerate(global_loader):
        train_batch(images, labels)


def train_batch(images, labels):
    loss = F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()


for epoch in range(30):
    run_epoch()

train(once_loader)

for epoch in range(start_epoch, start_epoch + 200):
    train(train_loader)

for epoch in range(start_epoch, start_epoch + 1):
    train(probe_loader)

for epoch in range(start_epoch, end_epoch):
    train(tail_loader)
