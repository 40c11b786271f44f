"""GPU105 fixture: loader workers started again on every epoch."""
import argparse
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.distributed import DistributedSampler
from tqdm import tqdm

parser = argparse.ArgumentParser(description="image classification")
parser.add_argument("--epochs", type=int, default=90)
parser.add_argument("--start-epoch", type=int, default=0)
parser.add_argument("--finetune-epochs", type=int, default=1)
parser.add_argument("--batch-size", type=int, default=256)
parser.add_argument("--workers", type=int, default=8)
parser.add_argument("--persistent", action="store_true")
parser.add_argument("--folds", type=int, default=5)
args = parser.parse_args()

device = torch.device("cuda")


class CurriculumDataset(Dataset):
    def __init__(self, samples, difficulty):
        self.samples = [s for s in samples if s.difficulty <= difficulty]

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, i):
        return self.samples[i].image, self.samples[i].label


def train_step(model, optimizer, images, labels):
    images = images.to(device, non_blocking=True)
    labels = labels.to(device, non_blocking=True)
    loss = F.cross_entropy(model(images), labels)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = torch.zeros((), device=device)
    for images, labels in loader:
        images = images.to(device, non_blocking=True)
        labels = labels.to(device, non_blocking=True)
        correct += (model(images).argmax(1) == labels).sum()
    model.train()
    return correct


def build_loader(dataset, shuffle):
    return DataLoader(dataset, batch_size=args.batch_size, shuffle=shuffle,  # expect: GPU105 "built inside the epoch loop"
                      num_workers=args.workers, pin_memory=True)


def train_rebuilding(model, train_set, val_set, optimizer):
    for epoch in range(args.epochs):
        train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True,  # expect: GPU105 "every epoch starts 8 new worker processes"
                                  num_workers=args.workers, pin_memory=True)
        for images, labels in train_loader:
            train_step(model, optimizer, images, labels)
        val_loader = build_loader(val_set, False)
        evaluate(model, val_loader)


def train_while(model, train_set, optimizer):
    epoch = 0
    while epoch < args.epochs:
        loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, num_workers=4,  # expect: GPU105
                            pin_memory=True)
        for images, labels in tqdm(loader):
            train_step(model, optimizer, images, labels)
        epoch += 1


def train_reusing(model, train_set, val_set, optimizer, scheduler):
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True,  # expect: GPU105 "each of the 90 epochs"
                              num_workers=args.workers, pin_memory=True, drop_last=True)
    val_loader = DataLoader(val_set, batch_size=512, num_workers=4, pin_memory=True,
                            persistent_workers=False)  # expect: GPU105 "persistent_workers=False"
    for epoch in range(args.start_epoch, args.epochs):
        for step, (images, labels) in enumerate(train_loader):
            train_step(model, optimizer, images, labels)
        scheduler.step()
        evaluate(model, val_loader)


def train_flag(model, train_set, optimizer):
    loader = DataLoader(train_set, batch_size=args.batch_size, num_workers=args.workers, pin_memory=True,
                        persistent_workers=args.persistent)  # expect: GPU105 "argparse default of --epochs"
    for epoch in tqdm(range(args.epochs), desc="epochs"):
        for images, labels in loader:
            train_step(model, optimizer, images, labels)


def finetune(model, train_set, optimizer):
    loader = DataLoader(train_set, batch_size=args.batch_size, num_workers=args.workers,  # ok: GPU105 (1 epoch)
                        pin_memory=True)
    for epoch in range(args.finetune_epochs):
        for images, labels in loader:
            train_step(model, optimizer, images, labels)


def train_persistent(model, train_set, optimizer, sampler_set):
    loader = DataLoader(train_set, batch_size=args.batch_size, num_workers=args.workers, pin_memory=True,
                        persistent_workers=True)  # ok: GPU105
    sampler = DistributedSampler(sampler_set)
    dist_loader = DataLoader(sampler_set, batch_size=args.batch_size, sampler=sampler, num_workers=4,
                             pin_memory=True, persistent_workers=True)  # ok: GPU105
    unknown = DataLoader(train_set, batch_size=args.batch_size, num_workers=os.cpu_count(),  # ok: GPU105 (unknown workers)
                         pin_memory=True)
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        for images, labels in loader:
            train_step(model, optimizer, images, labels)
        for images, labels in dist_loader:
            train_step(model, optimizer, images, labels)
        for images, labels in unknown:
            train_step(model, optimizer, images, labels)


def train_epoch_dataset(model, stream_set, optimizer):
    # The dataset reshuffles its shards in the main process each epoch: persistent
    # workers would keep iterating their stale copy.
    loader = DataLoader(stream_set, batch_size=args.batch_size, num_workers=args.workers,  # ok: GPU105 (set_epoch on the dataset)
                        pin_memory=True)
    for epoch in range(args.epochs):
        stream_set.set_epoch(epoch)
        for images, labels in loader:
            train_step(model, optimizer, images, labels)


def train_curriculum(model, samples, optimizer):
    for epoch in range(args.epochs):
        # A new dataset per epoch: the loader has to be rebuilt with it.
        stage = CurriculumDataset(samples, difficulty=epoch)
        loader = DataLoader(stage, batch_size=args.batch_size, shuffle=True, num_workers=args.workers,  # ok: GPU105
                            pin_memory=True)
        for images, labels in loader:
            train_step(model, optimizer, images, labels)


def train_lazy(model, train_set, optimizer):
    loader = None
    for epoch in range(args.epochs):
        if loader is None:
            loader = DataLoader(train_set, batch_size=args.batch_size, num_workers=args.workers,  # ok: GPU105 (built once)
                                pin_memory=True, persistent_workers=True)
        for images, labels in loader:
            train_step(model, optimizer, images, labels)


def train_single_process(model, train_set, optimizer):
    loader = DataLoader(train_set, batch_size=args.batch_size, pin_memory=True)  # ok: GPU105 (no workers) # expect: GPU101
    for epoch in range(args.epochs):
        for images, labels in loader:
            train_step(model, optimizer, images, labels)


def cross_validate(make_model, folds, optimizer_fn):
    # One loader per fold is expected; inside a fold it is reused across epochs.
    for fold, (train_idx, val_idx) in enumerate(folds):
        model = make_model().to(device)
        optimizer = optimizer_fn(model)
        fold_loader = DataLoader(train_idx, batch_size=args.batch_size, shuffle=True,  # ok: GPU105 (one per fold)
                                 num_workers=args.workers, pin_memory=True, persistent_workers=True)
        for epoch in range(args.epochs):
            for images, labels in fold_loader:
                train_step(model, optimizer, images, labels)


def train_resumed(model, train_set, optimizer):
    loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True,  # expect: GPU105 "each of the 80 epochs of the loop at line 180 (`range(10, args.epochs)` runs 80 times"
                        num_workers=args.workers, pin_memory=True)
    for epoch in range(10, args.epochs):
        for images, labels in loader:
            train_step(model, optimizer, images, labels)
