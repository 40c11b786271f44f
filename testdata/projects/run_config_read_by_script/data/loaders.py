"""Loader factories of the project: the epoch counts come from the scripts' run configs."""
from torch.utils.data import DataLoader


def split_loaders(train_set, val_set, batch_size, workers):
    train = DataLoader(train_set, batch_size=batch_size, shuffle=True, num_workers=workers,  # expect: GPU105 "(30: config key epochs at "
                       pin_memory=True, drop_last=True)
    val = DataLoader(val_set, batch_size=batch_size, num_workers=workers, pin_memory=True)  # expect: GPU105 "each of the 30 epochs"
    return train, val


def probe_loader(dataset, batch_size, workers):
    # ok: GPU105 (the probe's config runs one epoch: the workers start once)
    return DataLoader(dataset, batch_size=batch_size, shuffle=True, num_workers=workers, pin_memory=True)
