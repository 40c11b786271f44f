"""A dataset module the training script imports. Its `__main__` block and the
helper only that block calls are a self-test run by hand: importing the
module never runs them, so their loaders are not the training run's."""
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class Clips(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, k):
        return np.load("clip_%d.npy" % k)


def compare_encodings():
    first = DataLoader(Clips(10), batch_size=4, num_workers=0)  # ok: GPU101 (called only by the self-test)
    second = DataLoader(Clips(10), batch_size=4, num_workers=0)  # ok: GPU101 (called only by the self-test)
    for x, y in zip(first, second):
        assert torch.equal(x, y)


def clip_loader(batch_size):
    return DataLoader(Clips(5000), batch_size=batch_size, num_workers=0)  # expect: GPU101 "resolves to 0", GPU103


if __name__ == "__main__":
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    probe = DataLoader(Clips(100), batch_size=16)  # ok: GPU101 (the module's self-test)
    for i, batch in enumerate(probe):
        batch.to(dev)
    compare_encodings()
    print(len(clip_loader(8)))
