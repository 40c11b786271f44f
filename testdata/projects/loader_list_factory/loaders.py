"""One factory builds every split's loader in a loop and hands back the list;
the scripts unpack it or index it."""
import torch
from torch.utils.data import DataLoader


def create_loaders(datasets, batch_sizes, num_workers, is_trains):
    loaders = []
    for dataset, bs, workers, is_train in zip(datasets, batch_sizes, num_workers, is_trains):
        loader = DataLoader(dataset, batch_size=bs, num_workers=workers, pin_memory=True,
                            shuffle=is_train, drop_last=is_train, persistent_workers=True)
        loaders.append(loader)
    return loaders


def create_mixed_loaders(datasets, extra):
    """A list that also takes loaders it was handed: not every element is seen."""
    loaders = []
    for dataset in datasets:
        loaders.append(DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True))
    loaders.extend(extra)
    return loaders


def create_host_and_pinned(datasets):
    """One element pinned, one not: a copy from the list may be pageable."""
    loaders = []
    loaders.append(DataLoader(datasets[0], batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True))
    loaders.append(DataLoader(datasets[1], batch_size=64, num_workers=4, persistent_workers=True))  # expect: GPU103 "pin_memory is omitted"
    return loaders


def create_restarting_loaders(datasets, batch_sizes, num_workers):
    """Without persistent_workers: every epoch restarts each split's workers."""
    loaders = []
    for dataset, bs, workers in zip(datasets, batch_sizes, num_workers):
        loader = DataLoader(dataset, batch_size=bs, num_workers=workers, pin_memory=True)  # expect: GPU105 "DataLoader with 4 workers (4: every element of the list passed as num_workers to create_restarting_loaders()"
        loaders.append(loader)
    return loaders


def create_uneven_loaders(datasets, num_workers):
    """The caller's counts differ (one split loads in the main process): none is known."""
    loaders = []
    for dataset, workers in zip(datasets, num_workers):
        loaders.append(DataLoader(dataset, batch_size=64, num_workers=workers, pin_memory=True))  # ok: GPU105/GPU101 (4 or 0 workers)
    return loaders
