"""Builds the run's loaders in one place and returns them; train.py iterates
them once per epoch."""
import torch
from torch.utils.data import DataLoader, TensorDataset

NUM_WORKERS = 6


def make_loaders(batch_size=64):
    train_set = TensorDataset(torch.randn(4096, 16), torch.randint(0, 4, (4096,)))
    val_set = TensorDataset(torch.randn(512, 16), torch.randint(0, 4, (512,)))
    test_set = TensorDataset(torch.randn(512, 16), torch.randint(0, 4, (512,)))
    train = DataLoader(train_set, batch_size=batch_size, shuffle=True,  # expect: GPU105 "each of the 40 epochs"
                       num_workers=NUM_WORKERS, pin_memory=True)
    val = DataLoader(val_set, batch_size=batch_size, num_workers=NUM_WORKERS, pin_memory=True,
                     persistent_workers=True)  # ok: GPU105 (workers kept between epochs)
    test = DataLoader(test_set, batch_size=batch_size, num_workers=NUM_WORKERS,  # ok: GPU105 (iterated once, after training)
                      pin_memory=True)
    return train_set, train, val, test
