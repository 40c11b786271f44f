"""Endless batch streams: generators that hand a DataLoader's batches on
unchanged, so iterating them iterates the loader."""
import torch
from torch.utils.data import DataLoader, Dataset


class ShardSet(Dataset):
    def __init__(self, root, length=4096):
        self.root = root
        self.length = length

    def __len__(self):
        return self.length

    def __getitem__(self, i):
        return torch.randn(3, 32, 32), i % 10


def forever(loader):
    while True:
        yield from loader


def each_batch(loader):
    for batch in loader:
        yield batch


def shard_stream(root, batch_size):
    loader = DataLoader(ShardSet(root), batch_size=batch_size, shuffle=True, num_workers=4, persistent_workers=True)  # expect: GPU103 "train.py"
    while True:
        yield from loader


def pinned_stream(root, batch_size):
    loader = DataLoader(ShardSet(root), batch_size=batch_size, num_workers=4, pin_memory=True, persistent_workers=True)  # ok: GPU103 (pins its batches)
    while True:
        yield from loader


def split_stream(root, batch_size, ordered=False):
    if ordered:
        loader = DataLoader(ShardSet(root), batch_size=batch_size, num_workers=4, persistent_workers=True)  # ok: GPU103 (built only for ordered=True, which the step loop's stream does not pass)
    else:
        loader = DataLoader(ShardSet(root), batch_size=batch_size, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)  # ok: GPU103 (pins its batches)
    while True:
        yield from loader


def toggled_stream(root, batch_size, shuffled=False):
    if not shuffled:
        loader = DataLoader(ShardSet(root), batch_size=batch_size, num_workers=4, persistent_workers=True)  # ok: GPU103 (built only when shuffled is off; the call passes shuffled=True)
    else:
        loader = DataLoader(ShardSet(root), batch_size=batch_size, shuffle=True, num_workers=4, persistent_workers=True)  # expect: GPU103
    while True:
        yield from loader
