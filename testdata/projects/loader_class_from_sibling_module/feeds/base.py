"""The package's loader class: a DataLoader that keeps its workers (its
constructor is DataLoader's), and the pinning switch every feed shares."""
import os

from torch.utils.data import dataloader

PIN = str(os.getenv("FEED_PIN", "1")) == "1"


class RepeatingLoader(dataloader.DataLoader):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)


class ResizingLoader(dataloader.DataLoader):
    def __init__(self, dataset, size, **kwargs):
        super().__init__(dataset, num_workers=0, **kwargs)
