"""Collators for a dataset whose items are already whole batches (bucketed by
image size), and one for a dataset of single samples."""
import torch
from torch.utils.data import default_collate


class UnwrapCollator:
    def __init__(self, epoch):
        self.epoch = epoch

    def __call__(self, examples):
        # The DataLoader wraps the one batch it fetched in a list of one.
        return examples[0]


class StackCollator:
    def __call__(self, examples):
        return default_collate(examples)


def stack_pairs(examples):
    return torch.stack([e[0] for e in examples]), torch.stack([e[1] for e in examples])
