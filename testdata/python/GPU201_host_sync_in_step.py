"""GPU201 fixture: device-to-host syncs on every step of a batch loop.

A CIFAR-10 classifier trained three ways (plain PyTorch with AMP, an
accelerate/HF-style loop, a Lightning module) plus a Keras custom loop.
"""
import argparse
import logging
import math
import time

import pytorch_lightning as pl
import tensorflow as tf
import torch
import torch.nn as nn
import torch.nn.functional as F
import wandb
from torch.utils.data import DataLoader
from torch.utils.tensorboard import SummaryWriter
from torchvision import datasets, transforms
from tqdm import tqdm

logger = logging.getLogger(__name__)

parser = argparse.ArgumentParser(description="CIFAR-10 classifier")
parser.add_argument("--epochs", type=int, default=30)
parser.add_argument("--batch-size", type=int, default=128)
parser.add_argument("--lr", type=float, default=3e-4)
parser.add_argument("--log-every", type=int, default=100)
parser.add_argument("--accum-steps", type=int, default=2)
parser.add_argument("--local-rank", type=int, default=0)
parser.add_argument("--synchronize-step", action="store_true", help="time every step exactly")
parser.add_argument("--device", default="cuda")
args = parser.parse_args()

device = torch.device(args.device if torch.cuda.is_available() else "cpu")


class IndexedCIFAR10(datasets.CIFAR10):
    def __getitem__(self, index):
        image, label = super().__getitem__(index)
        return image, label, index


class ConvNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 64, 3, padding=1),
            nn.BatchNorm2d(64),
            nn.ReLU(inplace=True),
            nn.AdaptiveAvgPool2d(1),
        )
        self.fc = nn.Linear(64, num_classes)

    def forward(self, x):
        return self.fc(torch.flatten(self.features(x), 1))


def log_metrics(writer, loss, step):
    writer.add_scalar("train/loss", loss, step)  # ok: GPU201 (called right after line 80's read: part of its finding)


def train_one_epoch(model, loader, criterion, optimizer, scaler, writer, epoch):
    model.train()
    running_loss = 0.0
    correct = 0
    pbar = tqdm(loader, desc=f"epoch {epoch}")
    for step, (images, labels, _) in enumerate(pbar):
        class_counts = torch.bincount(labels, minlength=10).tolist()  # ok: GPU201 (the loader batch is still on the host)
        images = images.to(device, non_blocking=True)
        labels = labels.to(device, non_blocking=True)
        with torch.autocast("cuda", dtype=torch.bfloat16):
            outputs = model(images)
            loss = criterion(outputs, labels)
        optimizer.zero_grad(set_to_none=True)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()

        running_loss += loss.item()  # expect: GPU201 "Lines 81, 82, 85, 87 and 91 read GPU values right after it"
        correct += int((outputs.argmax(dim=1) == labels).sum())  # ok: GPU201 (read right after line 80: part of its finding)
        if not math.isfinite(loss.item()):  # ok: GPU201 (read right after line 80: part of its finding)
            raise RuntimeError(f"non-finite loss {loss.item()} at step {step}")  # ok: GPU201 (failure check)
        global_step = epoch * len(loader) + step
        log_metrics(writer, loss, global_step)
        if args.local_rank == 0:
            logger.info("step %d loss %.4f", global_step, loss)  # ok: GPU201 (read right after line 80's: part of its finding)
        if step % args.log_every == 0:
            print(f"epoch {epoch} step {step} loss {loss.item():.4f} counts {class_counts}")  # ok: GPU201 (periodic guard)
        else:
            pbar.set_description(f"loss {loss:.3f}")  # ok: GPU201 (read right after line 80's: part of its finding)
        if args.synchronize_step:
            torch.cuda.synchronize()  # ok: GPU201 (--synchronize-step is off by default)
        if step == len(loader) - 1:
            last_acc = (outputs.argmax(dim=1) == labels).float().mean().item()  # ok: GPU201 (last step only)
            writer.add_scalar("train/last_batch_acc", last_acc, global_step)  # ok: GPU201
    return running_loss / len(loader), correct


@torch.no_grad()
def evaluate(model, val_loader, criterion):
    model.eval()
    total_loss = torch.zeros((), device=device)
    all_preds, all_targets, sample_ids = [], [], []
    for images, targets, ids in val_loader:
        sample_ids.extend(ids.tolist())  # ok: GPU201 (ids never leave the host)
        images = images.to(device, non_blocking=True)
        targets = targets.to(device, non_blocking=True)
        logits = model(images)
        total_loss += criterion(logits, targets)  # ok: GPU201 (accumulates on the GPU)
        all_preds.append(logits.argmax(dim=1).cpu())  # expect: GPU201 "every batch of the evaluation loop"
        all_targets.extend(targets.tolist())  # ok: GPU201 (read right after line 111: part of its finding)
    accuracy = (torch.cat(all_preds) == torch.tensor(all_targets)).float().mean().item()  # ok: GPU201 (after the loop)
    return total_loss.item() / len(val_loader), accuracy


def train_accumulated(model, loader, optimizer, scheduler, epoch, log_interval):
    """Gradient accumulation over `--accum-steps` micro-batches."""
    model.train()
    progress = tqdm(loader, desc=f"epoch {epoch}", dynamic_ncols=True)
    for step, batch in enumerate(progress):
        t0 = time.perf_counter()
        warmup = min(1.0, float(step + 1) / 500)  # ok: GPU201 (a Python number)
        batch = {k: v.to(device, non_blocking=True) for k, v in batch.items()}
        outputs = model(**batch)
        loss = outputs.loss * warmup / args.accum_steps
        loss.backward()
        if (step + 1) % args.accum_steps == 0:
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
            progress.set_postfix(loss=loss * args.accum_steps)  # expect: GPU201 "set_postfix"
        if step % log_interval == 0:
            wandb.log({"train/loss": loss, "step": step})  # ok: GPU201 (an unknown interval counts as periodic)
        torch.cuda.synchronize()  # expect: GPU201 "`torch.cuda.synchronize()` runs on every step"
        wandb.log({"perf/step_seconds": time.perf_counter() - t0}, commit=False)  # expect: GPU206  # ok: GPU201 (a host float)


def train_accelerate(model, train_dataloader, optimizer, lr_scheduler, accelerator, num_epochs):
    progress_bar = tqdm(range(num_epochs * len(train_dataloader)), disable=not accelerator.is_local_main_process)
    for epoch in range(num_epochs):
        model.train()
        total_loss = 0
        for step, batch in enumerate(train_dataloader):
            outputs = model(**batch)
            loss = outputs.loss
            total_loss += loss.detach().float()  # ok: GPU201 (stays on the GPU)
            probs = outputs.logits.softmax(dim=-1)
            confident = (probs.max(dim=-1).values > 0.9).nonzero()  # expect: GPU201 "whose size depends"
            accelerator.backward(loss)
            status = f"epoch {epoch} step {step} loss {loss:.4f}"  # expect: GPU201 "Formatting the GPU tensor `loss`"
            optimizer.step()
            lr_scheduler.step()
            optimizer.zero_grad()
            progress_bar.update(1)
            wandb.log({"train/loss": loss, "lr": lr_scheduler.get_last_lr()[0]})  # expect: GPU201 "`wandb.log`"
            if step % 500 == 0:
                accelerator.print(status, confident.shape)  # ok: GPU201 (periodic; `status` is a str)
        epoch_loss = total_loss.item() / len(train_dataloader)  # ok: GPU201 (once per epoch)
        accelerator.print(f"epoch {epoch}: loss {epoch_loss:.4f}")  # ok: GPU201


class LitClassifier(pl.LightningModule):
    def __init__(self, num_classes=10, lr=1e-3):
        super().__init__()
        self.save_hyperparameters()
        self.net = ConvNet(num_classes)
        self.criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
        self.val_targets = []

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self(x)
        loss = self.criterion(logits, y)
        acc = (logits.argmax(dim=1) == y).float().mean()
        self.log("train_loss", loss, prog_bar=True)  # ok: GPU201 (Lightning defers self.log)
        self.log("train_acc", acc.item())  # expect: GPU201 "self.log defers the copy"
        return loss

    def validation_step(self, batch, batch_idx):
        x, y = batch
        logits = self(x)
        self.log("val_loss", F.cross_entropy(logits, y), sync_dist=True)  # ok: GPU201
        self.val_targets.append(y.cpu())  # expect: GPU201 "moved `batch` to the GPU"

    def on_validation_epoch_end(self):
        targets = torch.cat(self.val_targets)
        val_loss = self.trainer.callback_metrics["val_loss"].item()  # ok: GPU201 (once per epoch)
        self.print(f"validated {targets.numel()} samples, loss {val_loss:.4f}")  # ok: GPU201
        self.val_targets.clear()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)


@tf.function
def tf_train_step(model, optimizer, loss_fn, x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss_value = loss_fn(y, logits)
    grads = tape.gradient(loss_value, model.trainable_weights)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
    print("tracing the train step, loss:", loss_value)  # ok: GPU201 (a tf.function body runs once, at tracing)
    return loss_value


def train_keras_custom(model, optimizer, loss_fn, train_ds, epochs):
    history = []
    for epoch in range(epochs):
        for step, (x_batch, y_batch) in enumerate(train_ds):
            loss_value = tf_train_step(model, optimizer, loss_fn, x_batch, y_batch)
            history.append(float(loss_value))  # expect: GPU201 "`float(loss_value)`"
    return history


def log_scalar(writer, value, step):
    writer.add_scalar("train/raw_loss", value, step)  # expect: GPU201 "through log_scalar() called at line 235"


def train_logged(model, loader, criterion, optimizer, writer):
    # Each read follows new GPU work (the forward, the backward, the
    # optimizer step): three waits per step, three findings.
    pbar = tqdm(loader)
    for step, (images, labels, _) in enumerate(pbar):
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        loss = criterion(model(images), labels)
        logger.info("step %d loss %.4f", step, loss)  # expect: GPU201 "`logger.info` receives the GPU tensor `loss`"
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        pbar.set_description(f"loss {loss:.3f}")  # expect: GPU201 "set_description"
        optimizer.step()
        log_scalar(writer, loss, step)


def main():
    transform = transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.5,) * 3, (0.5,) * 3)])
    train_set = IndexedCIFAR10("data", train=True, download=True, transform=transform)
    val_set = IndexedCIFAR10("data", train=False, transform=transform)
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, num_workers=4,
                              pin_memory=True, persistent_workers=True)
    val_loader = DataLoader(val_set, batch_size=256, num_workers=4, pin_memory=True, persistent_workers=True)

    model = ConvNet().to(device)
    criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    scaler = torch.cuda.amp.GradScaler()
    writer = SummaryWriter()
    best = float("inf")
    for epoch in range(args.epochs):
        train_loss, correct = train_one_epoch(model, train_loader, criterion, optimizer, scaler, writer, epoch)
        val_loss, val_acc = evaluate(model, val_loader, criterion)
        print(f"epoch {epoch}: train {train_loss:.4f} val {val_loss:.4f} acc {val_acc:.3f}")  # ok: GPU201 (host floats)
        if val_loss < best:
            best = val_loss
            torch.save(model.state_dict(), "best.pt")


if __name__ == "__main__":
    main()
