"""GPU208 fixture: torch.cuda.empty_cache() on every step of a batch loop."""
import argparse
import gc

import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from accelerate import Accelerator
from torch.cuda import empty_cache
from torch.utils.data import DataLoader
from tqdm import tqdm

parser = argparse.ArgumentParser(description="segmentation training")
parser.add_argument("--epochs", type=int, default=40)
parser.add_argument("--batch-size", type=int, default=32)
parser.add_argument("--lr", type=float, default=1e-3)
parser.add_argument("--clear-cache", action="store_true", help="empty the CUDA cache after every step")
parser.add_argument("--empty-cache-freq", type=int, default=200)
parser.add_argument("--log-interval", type=int, default=50)
args = parser.parse_args()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def make_loader(dataset, shuffle):
    return DataLoader(dataset, batch_size=args.batch_size, shuffle=shuffle, num_workers=8,
                      pin_memory=True, persistent_workers=True)


def free_memory():
    gc.collect()
    torch.cuda.empty_cache()  # expect: GPU208 "through free_memory()"


def train(model, train_set, val_set, optimizer):
    train_loader = make_loader(train_set, True)
    val_loader = make_loader(val_set, False)
    for epoch in range(args.epochs):
        model.train()
        for images, masks in tqdm(train_loader, desc=f"epoch {epoch}"):
            images = images.to(device, non_blocking=True)
            masks = masks.to(device, non_blocking=True)
            loss = F.cross_entropy(model(images), masks)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            del images, masks, loss
            torch.cuda.empty_cache()  # expect: GPU208 "every batch of the training step loop"
        torch.cuda.empty_cache()  # ok: GPU208 (once per epoch)
        validate(model, val_loader)
        torch.cuda.empty_cache()  # ok: GPU208 (after evaluation)


@torch.no_grad()
def validate(model, loader):
    model.eval()
    total = torch.zeros((), device=device)
    for images, masks in loader:
        images = images.to(device, non_blocking=True)
        masks = masks.to(device, non_blocking=True)
        total += F.cross_entropy(model(images), masks, reduction="sum")
        empty_cache()  # expect: GPU208 "evaluation loop"
    return total


def train_with_gc(model, loader, optimizer, scheduler):
    for epoch in range(args.epochs):
        for step, (inputs, labels) in enumerate(loader):
            inputs, labels = inputs.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            loss = F.cross_entropy(model(inputs), labels)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            scheduler.step()
            gc.collect()
            torch.cuda.empty_cache()  # expect: GPU208 "gc.collect()"
            free_memory()


def train_guarded(model, loader, optimizer):
    global_step = 0
    for epoch in range(args.epochs):
        for i, (x, y) in enumerate(loader):
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = F.mse_loss(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            global_step += 1
            if global_step % 1000 == 0:
                torch.cuda.empty_cache()  # ok: GPU208 (every 1000 steps)
            if (i + 1) % args.empty_cache_freq == 0:
                torch.cuda.empty_cache()  # ok: GPU208 (every 200 steps)
            if args.clear_cache:
                torch.cuda.empty_cache()  # ok: GPU208 (opt-in flag, off by default)
            if i % args.log_interval == 0:
                pass
            else:
                torch.cuda.empty_cache()  # expect: GPU208 (the else of a periodic guard runs on most steps)


def train_oom_tolerant(model, loader, optimizer):
    for epoch in range(args.epochs):
        for batch in loader:
            batch = {k: v.to(device, non_blocking=True) for k, v in batch.items()}
            try:
                loss = model(**batch).loss
                loss.backward()
                optimizer.step()
            except torch.cuda.OutOfMemoryError:
                optimizer.zero_grad(set_to_none=True)
                torch.cuda.empty_cache()  # ok: GPU208 (out-of-memory handler, not every step)
                continue
            optimizer.zero_grad(set_to_none=True)


def train_accelerate(model, loader, optimizer):
    accelerator = Accelerator(gradient_accumulation_steps=4)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(args.epochs):
        for batch in loader:
            with accelerator.accumulate(model):
                outputs = model(**batch)
                accelerator.backward(outputs.loss)
                optimizer.step()
                optimizer.zero_grad()
            torch.cuda.empty_cache()  # expect: GPU208
            accelerator.wait_for_everyone()  # expect: GPU201 "it is a barrier"


def train_compact(model, loader, optimizer):
    for epoch in range(args.epochs):
        for x, y in loader:
            loss = F.mse_loss(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
            loss.backward(); optimizer.step()
            torch.cuda.empty_cache(); optimizer.zero_grad(set_to_none=True)  # expect: GPU208
            del loss; torch.cuda.empty_cache()  # expect: GPU208
            if torch.cuda.is_available(): torch.cuda.empty_cache()  # expect: GPU208


def precompute_statistics(files):
    # Not a batch loop: no backward, no evaluation context.
    means = []
    for path in files:
        image = torch.load(path)
        means.append(image.float().mean(dim=(1, 2)))
        torch.cuda.empty_cache()  # ok: GPU208 (not a batch loop)
    return torch.stack(means).mean(dim=0)


class SegModel(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        images, masks = batch
        loss = F.cross_entropy(self.net(images), masks)
        self.log("train/loss", loss)
        torch.cuda.empty_cache()  # expect: GPU208 "Lightning training_step"
        return loss

    def on_train_epoch_end(self):
        torch.cuda.empty_cache()  # ok: GPU208 (once per epoch)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=args.lr)
