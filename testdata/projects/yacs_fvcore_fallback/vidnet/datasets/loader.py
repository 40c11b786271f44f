"""The loaders take the config from whoever runs the training function."""
import torch
from torch.utils.data import DataLoader


def construct_loader(cfg, dataset):
    return DataLoader(  # expect: GPU105 "6 workers (6: yacs default DATA_LOADER.NUM_WORKERS at testdata/projects/yacs_fvcore_fallback/vidnet/config/defaults.py:13)"
        dataset,
        batch_size=cfg.TRAIN.BATCH_SIZE,
        shuffle=True,
        num_workers=cfg.DATA_LOADER.NUM_WORKERS,
        pin_memory=cfg.DATA_LOADER.PIN_MEMORY,
    )


def construct_eval_loader(cfg, dataset):
    return DataLoader(dataset, batch_size=cfg.TRAIN.BATCH_SIZE,  # ok: GPU105 (cfg.WORKERS is one key: not enough to tie an unbound cfg to the tree)
                      num_workers=cfg.WORKERS, pin_memory=True)
