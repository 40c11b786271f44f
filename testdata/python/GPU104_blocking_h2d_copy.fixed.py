"""GPU104 fixture: pinned batches copied to the GPU without non_blocking=True."""
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from tqdm import tqdm

parser = argparse.ArgumentParser(description="ImageNet training")
parser.add_argument("--epochs", type=int, default=90)
parser.add_argument("--batch-size", type=int, default=256)
parser.add_argument("--workers", type=int, default=8)
parser.add_argument("--device", default="cuda")
parser.add_argument("--non-blocking", type=int, default=1)
parser.add_argument("--print-freq", type=int, default=100)
args = parser.parse_args()

device = torch.device(args.device)
MEAN = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)


def make_loader(dataset, shuffle):
    return DataLoader(dataset, batch_size=args.batch_size, shuffle=shuffle, num_workers=args.workers,
                      pin_memory=True, persistent_workers=True)


def train_one_epoch(model, loader, criterion, optimizer, epoch):
    model.train()
    for i, (images, target) in enumerate(loader):
        images = images.cuda(non_blocking=True)  # expect: GPU104 "pin_memory=True"
        target = target.cuda(non_blocking=True)  # expect: GPU104
        output = model(images)
        loss = criterion(output, target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if i % args.print_freq == 0:
            grid = images[:16].cuda()  # ok: GPU104 (every 100 steps)
            print(f"epoch {epoch} step {i}: {grid.shape}")


@torch.no_grad()
def validate(model, loader, criterion):
    model.eval()
    mean = MEAN.to(device)  # ok: GPU104 (not a batch, once per call)
    total = torch.zeros((), device=device)
    for images, target in tqdm(loader, desc="val"):
        images, target = images.to(device, non_blocking=True), target.to(device, non_blocking=True)  # expect: GPU104, GPU104
        target = target.to(torch.long)  # ok: GPU104 (a dtype cast)
        total += criterion(model(images - mean), target)
    return total


def train_text(model, loader, optimizer, scheduler):
    model.train()
    for epoch in range(args.epochs):
        for batch in loader:
            batch = {k: v.to(device, non_blocking=True) for k, v in batch.items()}  # expect: GPU104 "v.to(device)"
            loss = model(**batch).loss
            loss.backward()
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()


def train_tokens(model, loader, optimizer):
    for epoch in range(args.epochs):
        for step, batch in enumerate(loader):
            input_ids = batch["input_ids"].to(args.device, non_blocking=True)  # expect: GPU104
            labels = batch["labels"].to(args.device, non_blocking=True)  # ok: GPU104
            mask = batch["attention_mask"].to(args.device, non_blocking=bool(args.non_blocking))  # ok: GPU104 (default 1)
            loss = model(input_ids=input_ids, attention_mask=mask, labels=labels).loss
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)


def train_unpinned(model, dataset, optimizer):
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True,  # expect: GPU103
                        num_workers=args.workers, persistent_workers=True, pin_memory=True)
    maybe = DataLoader(dataset, batch_size=args.batch_size, num_workers=args.workers, persistent_workers=True,
                       pin_memory=torch.cuda.is_available())  # ok: GPU103 (unknown)
    for epoch in range(args.epochs):
        for x, y in loader:
            x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)  # ok: GPU104 (pageable memory: GPU103 reports the loader)
            loss = F.mse_loss(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        for x, y in maybe:
            x = x.cuda()  # ok: GPU104 (pin_memory unknown)
            loss = F.mse_loss(model(x), y.cuda(non_blocking=True))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


class Engine:
    def __init__(self, model, dataset, optimizer):
        self.model = model.to(device)
        self.optimizer = optimizer
        self.loader = make_loader(dataset, True)

    def fit(self):
        for epoch in range(args.epochs):
            for images, labels in self.loader:
                images = images.to(device, memory_format=torch.channels_last, non_blocking=True)  # expect: GPU104
                labels = labels.to(device, non_blocking=True)  # ok: GPU104
                loss = F.cross_entropy(self.model(images), labels)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()


def main(model, train_set, val_set, criterion, optimizer):
    train_loader = make_loader(train_set, True)
    val_loader = make_loader(val_set, False)
    for epoch in range(args.epochs):
        train_one_epoch(model, train_loader, criterion, optimizer, epoch)
        validate(model, val_loader, criterion)


def main_nlp(model, text_set, token_set, optimizer, scheduler):
    train_text(model, make_loader(text_set, True), optimizer, scheduler)
    token_loader = make_loader(token_set, True)
    train_tokens(model, token_loader, optimizer)
