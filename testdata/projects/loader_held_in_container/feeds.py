# Loaders handed back inside containers: a dataclass field and a dict entry.
from dataclasses import dataclass

import torch
from torch.utils.data import DataLoader, TensorDataset


@dataclass
class Stream:
    loader: DataLoader
    epoch_size: int = 0


def make_streams(batch_size, workers):
    images = TensorDataset(torch.randn(8192, 3, 96, 96), torch.randint(0, 10, (8192,)))
    fit = DataLoader(images, batch_size=batch_size, shuffle=True, num_workers=workers,  # expect: GPU103 "pageable host memory"
                     persistent_workers=True)
    probe = DataLoader(images, batch_size=batch_size, num_workers=workers, pin_memory=True,  # ok: GPU103 (pinned)
                       persistent_workers=True)
    return {"fit": Stream(loader=fit, epoch_size=len(fit)), "probe": Stream(loader=probe)}
