"""A generator of device batches that builds its own DataLoader; how many
workers it gets is up to the caller (the default loads in the process)."""
import torch
from torch.utils.data import DataLoader, IterableDataset


class PackedTokens(IterableDataset):
    def __init__(self, split, context):
        self.split = split
        self.context = context

    def __iter__(self):
        while True:
            chunk = torch.randint(0, 512, (self.context + 1,))
            yield chunk[:-1], chunk[1:]


class Pretraining:
    @staticmethod
    def stream(batch_size, device, num_workers=0, **dataset_kwargs):
        data = PackedTokens(**dataset_kwargs)
        loader = DataLoader(data, batch_size=batch_size, pin_memory=True, num_workers=num_workers)  # expect: GPU101 "passed as num_workers"
        for inputs, labels in loader:
            yield inputs.to(device, non_blocking=True), labels.to(device, non_blocking=True)
