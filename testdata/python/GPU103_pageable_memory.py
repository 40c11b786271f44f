"""GPU103 fixture: loaders whose batches go to the GPU from pageable host memory."""
import argparse

import pytorch_lightning as pl
import torch
import torch.nn.functional as F
import wandb
from torch.utils.data import DataLoader, TensorDataset
from tqdm import tqdm
from transformers import TrainingArguments

parser = argparse.ArgumentParser(description="classifier training")
parser.add_argument("--epochs", type=int, default=30)
parser.add_argument("--batch-size", type=int, default=128)
parser.add_argument("--workers", type=int, default=8)
parser.add_argument("--pin-mem", action="store_true", help="pin host memory in the loaders")
parser.add_argument("--pin-memory", type=int, default=1)
parser.add_argument("--no-pin", dest="pin", action="store_false")
args = parser.parse_args()

PIN = False
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def build_loader(dataset, shuffle):
    return DataLoader(dataset, batch_size=args.batch_size, shuffle=shuffle,  # expect: GPU103 "pin_memory is omitted"
                      num_workers=args.workers, persistent_workers=True, drop_last=shuffle)


def train_one_epoch(model, loader, optimizer, scaler):
    model.train()
    for step, batch in enumerate(tqdm(loader, leave=False)):
        batch = {k: v.to(device, non_blocking=True) for k, v in batch.items()}
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = model(**batch).loss
        optimizer.zero_grad(set_to_none=True)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


@torch.no_grad()
def validate(model, loader):
    model.eval()
    correct = torch.zeros((), device=device)
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        correct += (model(images).argmax(1) == labels).sum()
    return correct


@torch.no_grad()
def predict_texts(classifier, loader):
    # An evaluation loop whose batches never reach the GPU (a CPU model).
    predictions = []
    for texts, _ in loader:
        predictions.extend(classifier.predict(texts))
    return predictions


def main(model, train_set, val_set, text_set, classifier, optimizer, scaler):
    train_loader = build_loader(train_set, True)
    val_loader = DataLoader(val_set, batch_size=256, num_workers=4, persistent_workers=True,
                            pin_memory=False)  # expect: GPU103 "resolves to False"
    text_loader = DataLoader(text_set, batch_size=256, num_workers=2, persistent_workers=True)  # ok: GPU103 (batches stay on the CPU)
    for epoch in range(args.epochs):
        train_one_epoch(model, train_loader, optimizer, scaler)
        wandb.log({"val/correct": validate(model, val_loader), "epoch": epoch})
    predict_texts(classifier, text_loader)


def train_flags(model, train_set, val_set, optimizer):
    loader_a = DataLoader(train_set, batch_size=64, num_workers=4, persistent_workers=True,
                          pin_memory=args.pin_mem)  # expect: GPU103 "argparse default of --pin-mem"
    loader_b = DataLoader(val_set, batch_size=64, num_workers=4, persistent_workers=True,
                          pin_memory=PIN)  # expect: GPU103 "module constant"
    loader_c = DataLoader(train_set, batch_size=64, num_workers=4, persistent_workers=True,
                          pin_memory=bool(args.pin_memory))  # ok: GPU103 (default 1)
    loader_d = DataLoader(train_set, batch_size=64, num_workers=4, persistent_workers=True,
                          pin_memory=args.pin)  # ok: GPU103 (store_false: True by default)
    loader_e = DataLoader(train_set, batch_size=64, num_workers=4, persistent_workers=True,
                          pin_memory=torch.cuda.is_available())  # ok: GPU103 (unknown)
    for x, y in zip(loader_a, loader_b):
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = F.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    fit(model, loader_c, optimizer)
    fit(model, loader_d, optimizer)
    fit(model, loader_e, optimizer)


def fit(model, loader, optimizer):
    for x, y in loader:
        loss = F.mse_loss(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def train_in_memory(model, features, targets, optimizer, loader_kwargs):
    # The whole dataset already lives on the GPU: nothing to pin, nothing to copy.
    gpu_set = TensorDataset(features.cuda(), targets.cuda())
    # No GPU101 either: a worker could not start CUDA to slice these tensors, so num_workers must stay 0.
    gpu_loader = DataLoader(gpu_set, batch_size=512, shuffle=True)  # ok: GPU101 GPU103 (dataset on the GPU)
    kw_loader = DataLoader(TensorDataset(features, targets), batch_size=512, **loader_kwargs)  # ok: GPU103 (**kwargs)
    fit(model, gpu_loader, optimizer)
    fit(model, kw_loader, optimizer)


class Trainer:
    def __init__(self, model, dataset, optimizer):
        self.model = model.to(device)
        self.optimizer = optimizer
        self.train_loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True,  # expect: GPU103
                                       num_workers=args.workers, persistent_workers=True)
        self.stats_loader = DataLoader(dataset, batch_size=1024, num_workers=args.workers,  # ok: GPU103 (not a batch loop)
                                       persistent_workers=True)

    def channel_means(self):
        total = torch.zeros(3)
        for images, _ in self.stats_loader:
            total += images.mean(dim=(0, 2, 3))
        return total

    def train(self):
        for epoch in range(args.epochs):
            for images, labels in self.train_loader:
                images = images.to(device, non_blocking=True)
                labels = labels.to(device, non_blocking=True)
                loss = F.cross_entropy(self.model(images), labels)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()


class ImageDataModule(pl.LightningDataModule):
    def __init__(self, train_set, val_set):
        super().__init__()
        self.train_set, self.val_set = train_set, val_set

    def train_dataloader(self):
        return DataLoader(self.train_set, batch_size=args.batch_size, shuffle=True,  # expect: GPU103 "by Lightning"
                          num_workers=args.workers, persistent_workers=True)

    def val_dataloader(self):
        return DataLoader(self.val_set, batch_size=args.batch_size, num_workers=args.workers,  # ok: GPU103
                          persistent_workers=True, pin_memory=True)

    def predict_dataloader(self):
        # Lightning builds it only for trainer.predict(...), which this file never calls.
        return DataLoader(self.val_set, batch_size=args.batch_size, num_workers=args.workers,  # ok: GPU103
                          persistent_workers=True)


def hf_arguments(out_dir):
    slow = TrainingArguments(output_dir=out_dir, dataloader_num_workers=4,
                             dataloader_pin_memory=False)  # expect: GPU103 "dataloader_pin_memory"
    fast = TrainingArguments(output_dir=out_dir, dataloader_num_workers=4)  # ok: GPU103 (pins by default)
    cpu = TrainingArguments(output_dir=out_dir, dataloader_num_workers=4, use_cpu=True,
                            dataloader_pin_memory=False)  # ok: GPU103 (CPU training)
    return slow, fast, cpu
