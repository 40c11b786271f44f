"""Batch streams shared by two entry scripts; each passes its own --batch-size default."""
import torch
from torch.utils.data import DataLoader, TensorDataset


def image_stream(count, batch_size):
    data = TensorDataset(torch.randn(count, 3, 32, 32))
    loader = DataLoader(data, batch_size=batch_size, shuffle=True, num_workers=4,  # expect: GPU204 "is 2 or 4 (`batch_size` differs by caller: 2 at "
                        pin_memory=True, persistent_workers=True, drop_last=True)
    while True:
        yield from loader


def mask_stream(count, batch_size):
    data = TensorDataset(torch.randn(count, 1, 32, 32))
    # ok: GPU204 (one caller passes 64: not every candidate is tiny)
    loader = DataLoader(data, batch_size=batch_size, shuffle=True, num_workers=4,
                        pin_memory=True, persistent_workers=True, drop_last=True)
    while True:
        yield from loader
