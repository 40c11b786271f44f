"""The mask task's feed, in a subpackage: the loader class comes from the
package above (`from ..base import`), picked by a flag."""
from torch.utils.data import DataLoader

from ..base import PIN, RepeatingLoader, ResizingLoader


def make_feed(dataset, batch_size, workers=8, weighted=False):
    loader_cls = DataLoader if weighted else RepeatingLoader
    return loader_cls(dataset, batch_size=batch_size, num_workers=workers, pin_memory=PIN), dataset


def make_resized_feed(dataset, batch_size, weighted=False):
    loader_cls = DataLoader if weighted else ResizingLoader
    return loader_cls(dataset, batch_size=batch_size, pin_memory=True), dataset
