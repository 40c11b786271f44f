# The first epoch of `range(starting_epoch, num_epochs)` is 0 in a run that
# starts fresh; a branch that resumes (`if args.resume_from_checkpoint:`)
# sets it to where the saved run stopped, however it computes that (here
# from a folder name). The fresh run's epoch count decides, also when the
# range is shifted by one (`range(begin + 1, num_epochs + 1)`). A start set under
# any other branch stays unknown, and so does the count.
import argparse
import os

import torch
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--resume_from_checkpoint", default=None)
parser.add_argument("--warm_start", default=None)
args = parser.parse_args()
device = torch.device("cuda")
num_epochs = 5


def train(model, optimizer, dataset):
    loader = DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True)  # expect: GPU105 "each of the 5 epochs"
    starting_epoch = 0
    if args.resume_from_checkpoint:
        folder = os.path.basename(args.resume_from_checkpoint)
        starting_epoch = int(folder.replace("epoch_", "")) + 1
    for epoch in range(starting_epoch, num_epochs):
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def warm(model, optimizer, dataset):
    loader = DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True)  # ok: GPU105 (the start may be anything)
    first = 0
    if args.warm_start:
        first = len(os.listdir(args.warm_start))
    for epoch in range(first, num_epochs):
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()



def fit_epoch(model, optimizer, loader):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def shifted(model, optimizer, dataset):
    loader = DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True)  # expect: GPU105 "each of the 5 epochs"
    begin = 0
    if args.resume_from_checkpoint:
        begin = torch.load(args.resume_from_checkpoint)["epoch"]
    for epoch in range(begin + 1, num_epochs + 1):
        fit_epoch(model, optimizer, loader)


def shifted_warm(model, optimizer, dataset):
    loader = DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True)  # ok: GPU105 (the start may be anything)
    first = 0
    if args.warm_start:
        first = len(os.listdir(args.warm_start))
    for epoch in range(first + 1, num_epochs + 1):
        fit_epoch(model, optimizer, loader)
