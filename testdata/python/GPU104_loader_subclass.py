"""GPU101/GPU103/GPU104/GPU105 fixture: a project subclass of DataLoader that takes DataLoader's arguments
(and a name holding such classes) builds a DataLoader; one with an __iter__ of its own keeps its workers."""
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=30)
parser.add_argument("--weighted", action="store_true")
args = parser.parse_args()
device = torch.device("cuda")


class RepeatingLoader(torch.utils.data.DataLoader):
    """Keeps its workers between epochs by never ending its sampler."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.iterator = super().__iter__()

    def __len__(self):
        return len(self.batch_sampler.sampler)

    def __iter__(self):
        for _ in range(len(self)):
            yield next(self.iterator)


class FourWorkerLoader(DataLoader):
    """Sets its own worker count: its calls are not DataLoader's."""

    def __init__(self, dataset, batch_size, **kwargs):
        super().__init__(dataset, batch_size, num_workers=4, pin_memory=True, **kwargs)


def train_alias(model, dataset, optimizer):
    loader_cls = DataLoader if args.weighted else RepeatingLoader
    loader = loader_cls(dataset, batch_size=64, shuffle=True, num_workers=8, pin_memory=True)  # ok: GPU105 (RepeatingLoader keeps one iterator)
    for epoch in range(args.epochs):
        for images, targets in loader:
            images = images.to(device, non_blocking=True)
            loss = F.cross_entropy(model(images), targets.to(device))  # expect: GPU104 "pin_memory=True at line 40"
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def train_direct(model, dataset, optimizer):
    loader = RepeatingLoader(dataset, batch_size=64, shuffle=True)  # expect: GPU101 "num_workers is omitted", GPU103
    for epoch in range(args.epochs):
        for images, targets in loader:
            loss = F.cross_entropy(model(images.to(device)), targets.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def train_fixed_workers(model, dataset, optimizer):
    loader = FourWorkerLoader(dataset, 64)  # ok: GPU101, GPU103 (its __init__ sets the arguments)
    for epoch in range(args.epochs):
        for images, targets in loader:
            loss = F.cross_entropy(model(images.to(device)), targets.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


class ShuffledLoader(DataLoader):
    """No __init__ or __iter__ of its own: DataLoader's arguments and workers."""

    def describe(self):
        return f"{len(self.dataset)} samples"


def train_plain_subclass(model, dataset, optimizer):
    loader = ShuffledLoader(dataset, batch_size=64, shuffle=True, num_workers=8, pin_memory=True)  # expect: GPU105 "8 workers"
    for epoch in range(args.epochs):
        for images, targets in loader:
            images = images.to(device, non_blocking=True)
            targets = targets.to(device, non_blocking=True)
            loss = F.cross_entropy(model(images), targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def train_unknown_class(model, dataset, optimizer, loader_cls):
    loader = loader_cls(dataset, batch_size=64, num_workers=8, pin_memory=True)  # ok: GPU105 (a parameter: any class)
    for epoch in range(args.epochs):
        for images, targets in loader:
            loss = F.cross_entropy(model(images.to(device, non_blocking=True)), targets.to(device))  # ok: GPU104 (unknown loader)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
