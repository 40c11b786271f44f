"""Loaders built from the run's config object (see config.py)."""
import torch
from torch.utils.data import DataLoader
from torchvision import datasets, transforms


def build_loader(config):
    train_set = datasets.ImageFolder(config.DATA.ROOT + "/train", transform=transforms.ToTensor())
    val_set = datasets.ImageFolder(config.DATA.ROOT + "/val", transform=transforms.ToTensor())
    train_loader = torch.utils.data.DataLoader(  # expect: GPU105 "8 workers (8: yacs default DATA.NUM_WORKERS at testdata/projects/yacs_defaults/config.py:11)"
        train_set,
        batch_size=config.DATA.BATCH_SIZE,
        shuffle=True,
        num_workers=config.DATA.NUM_WORKERS,
        pin_memory=True,
    )
    val_loader = DataLoader(val_set, batch_size=config.DATA.BATCH_SIZE,  # ok: GPU105 (configs/debug.yaml sets VAL_WORKERS: 0, so not every run has workers)
                            num_workers=config.DATA.VAL_WORKERS, pin_memory=True)
    kept_loader = DataLoader(val_set, batch_size=config.DATA.BATCH_SIZE,  # ok: GPU105 (persistent_workers comes from the config: True)
                             num_workers=config.DATA.NUM_WORKERS, pin_memory=True,
                             persistent_workers=config.DATA.PERSISTENT)
    shard_loader = DataLoader(val_set, batch_size=config.DATA.BATCH_SIZE,  # ok: GPU105 (configs/cluster.yaml sets an interpolation: unknown)
                              num_workers=config.DATA.SHARD_WORKERS, pin_memory=True)
    return train_loader, val_loader, kept_loader, shard_loader


def build_aux_loaders(config):
    config.defrost()
    # Sets a key of the parameter; `config` still is the config get_config() returned.
    aux_set, config.PLUGIN.NUM_CLASSES = datasets.ImageFolder(config.DATA.ROOT + "/aux"), 10
    config.freeze()
    plugin_loader = DataLoader(aux_set, batch_size=config.DATA.BATCH_SIZE,  # ok: GPU105 (PLUGIN is new_allowed with no default for WORKERS)
                               num_workers=config.PLUGIN.WORKERS, pin_memory=True)
    # One upper-case key: only the binding of `config` to get_config()'s result ties it to the tree.
    eval_loader = DataLoader(aux_set, batch_size=config.DATA.BATCH_SIZE,  # expect: GPU105 "2 workers (2: yacs default EVAL_WORKERS"
                             num_workers=config.EVAL_WORKERS, pin_memory=True)
    return plugin_loader, eval_loader
