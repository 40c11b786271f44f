"""GPU101 fixture: DataLoaders that load batches in the training process."""
import argparse
import os
from dataclasses import dataclass

import torch
import torch.utils.data as tud
from torch.utils import data
from torch.utils.data import DataLoader
from torch.utils.data import DataLoader as DL
from transformers import TrainingArguments

NUM_WORKERS = 4
CPU_COUNT = os.cpu_count()

parser = argparse.ArgumentParser()
parser.add_argument("--num-workers", type=int, default=4)
parser.add_argument("--workers", "-j", type=int, default=8)
parser.add_argument("--loader-workers", type=int, default="0")
args = parser.parse_args()

Loader = DataLoader


@dataclass
class TrainConfig:
    batch_size: int = 32
    num_workers: int = 4
    eval_workers: int = 4


cfg = {"num_workers": 4, "batch_size": 64}
cfg_ok = dict(num_workers=6)


def build_loaders(train_set, val_set, opts):
    # Positive cases.
    a = DataLoader(train_set, batch_size=32, shuffle=True, num_workers=4, persistent_workers=True)  # expect: GPU101 "num_workers is omitted"
    b = DataLoader(train_set, batch_size=32, num_workers=4, persistent_workers=True)  # expect: GPU101 "resolves to 0"
    c = tud.DataLoader(train_set, 32, True, None, None, 4, persistent_workers=True)  # expect: GPU101
    d = DL(val_set, batch_size=64, num_workers=NUM_WORKERS, persistent_workers=NUM_WORKERS > 0)  # expect: GPU101 "module constant"
    e = DataLoader(train_set, num_workers=args.num_workers, persistent_workers=args.num_workers > 0)  # expect: GPU101 "argparse default of --num-workers", GPU204
    f = data.DataLoader(  # expect: GPU101
        train_set,
        batch_size=16,
        pin_memory=True,
        num_workers=4,
        persistent_workers=True,
    )
    g = Loader(train_set, batch_size=8, num_workers=cfg["num_workers"], persistent_workers=cfg["num_workers"] > 0)  # expect: GPU101 "config key 'num_workers'"
    h = DataLoader(train_set, num_workers=TrainConfig().num_workers, persistent_workers=TrainConfig().num_workers > 0)  # expect: GPU101 "field default", GPU204
    i = DataLoader(train_set, num_workers=args.loader_workers)  # expect: GPU101, GPU204
    j = torch.utils.data.DataLoader(val_set, num_workers=4, persistent_workers=True)  # expect: GPU101

    # Negative cases: workers are set, or the value is unknown.
    k = DataLoader(train_set, batch_size=32, num_workers=4)  # ok: GPU101
    l = DataLoader(train_set, num_workers=args.workers)  # ok: GPU101 (default 8)  # expect: GPU204
    m = DataLoader(train_set, num_workers=CPU_COUNT)  # ok: GPU101 (os.cpu_count() is unknown)  # expect: GPU204
    n = DataLoader(train_set, num_workers=opts.num_workers)  # ok: GPU101 (unknown parameter)  # expect: GPU204
    o = DataLoader(train_set, **opts.loader_kwargs)  # ok: GPU101 (**kwargs may set it)
    p = DataLoader(train_set, num_workers=cfg_ok["num_workers"])  # ok: GPU101  # expect: GPU204
    q = DataLoader(train_set, num_workers=TrainConfig().eval_workers)  # ok: GPU101  # expect: GPU204
    r = DataLoader(train_set, num_workers=min(8, os.cpu_count()))  # ok: GPU101  # expect: GPU204
    s = DataLoader(train_set, 32, True, None, None, 2)  # ok: GPU101
    return a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s


class MyLoader:
    """A project class named like a loader is not torch's DataLoader."""

    def __init__(self, ds, num_workers=0):
        self.ds = ds


def not_torch(ds):
    return MyLoader(ds)  # ok: GPU101


def hf_arguments(out):
    slow = TrainingArguments(output_dir=out, per_device_train_batch_size=16, dataloader_num_workers=4)  # expect: GPU101 "dataloader_num_workers"
    zero = TrainingArguments(output_dir=out, dataloader_num_workers=4)  # expect: GPU101
    fast = TrainingArguments(output_dir=out, dataloader_num_workers=4)  # ok: GPU101
    cpu = TrainingArguments(output_dir=out, use_cpu=True)  # ok: GPU101 (CPU training)
    return slow, zero, fast, cpu
