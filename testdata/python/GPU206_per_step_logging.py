"""GPU206 fixture: logging on every step of a batch loop."""
import argparse
import logging
import time

import mlflow
import pytorch_lightning as pl
import torch
import torch.nn.functional as F
import wandb
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm

logger = logging.getLogger(__name__)
log_interval = 1  # nanoGPT-style config block: log every iteration
LOG_EVERY = 100

parser = argparse.ArgumentParser(description="train a classifier")
parser.add_argument("--epochs", type=int, default=10)
parser.add_argument("--lr", type=float, default=3e-4)
parser.add_argument("--log-every", type=int, default=50)
parser.add_argument("--verbose", action="store_true")
args = parser.parse_args()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def log_progress(epoch, step, seconds):
    print(f"epoch {epoch} step {step}: {seconds * 1000:.1f} ms")  # expect: GPU206 "through log_progress()"


def train(model, loader, optimizer, scheduler, rank):
    writer = SummaryWriter()
    model.train()
    for epoch in range(args.epochs):
        progress = tqdm(loader, desc=f"epoch {epoch}")
        for step, (images, labels) in enumerate(progress):
            t0 = time.perf_counter()
            images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            loss = F.cross_entropy(model(images), labels)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            scheduler.step()
            lr = scheduler.get_last_lr()[0]
            global_step = epoch * len(loader) + step
            print(f"step {global_step} lr {lr:.2e}")  # expect: GPU206 "`print(...)` logs on every step"
            logging.info("epoch %d step %d", epoch, step)  # expect: GPU206
            logger.info("batch of %d images", images.shape[0])  # expect: GPU206
            writer.add_scalar("train/lr", lr, global_step)  # expect: GPU206 "writer.add_scalar"
            wandb.log({"lr": lr, "epoch": epoch})  # expect: GPU206
            mlflow.log_metric("lr", lr, step=global_step)  # expect: GPU206
            progress.set_postfix(lr=f"{lr:.2e}")  # expect: GPU206
            if rank == 0:
                print(f"rank 0 at step {step}")  # expect: GPU206 (a rank guard is not periodic)
            if global_step % log_interval == 0:
                print(f"iter {global_step}: {time.perf_counter() - t0:.3f}s")  # expect: GPU206 (log_interval = 1)
            log_progress(epoch, step, time.perf_counter() - t0)

            if step % LOG_EVERY == 0:
                print(f"step {step}/{len(loader)} lr {lr:.2e}")  # ok: GPU206 (every 100 steps)
            if (step + 1) % args.log_every == 0:
                wandb.log({"lr": lr}, step=global_step)  # ok: GPU206 (every 50 steps)
            if args.verbose:
                print(f"images {images.shape} labels {labels.shape}")  # ok: GPU206 (flag off by default)
            logger.debug("step %d done", step)  # ok: GPU206 (debug level)
            writer.add_scalar("train/loss", loss.item(), global_step)  # expect: GPU201  # ok: GPU206 (GPU201 reports the sync)
        print(f"epoch {epoch} done")  # ok: GPU206 (once per epoch)
        writer.flush()


def train_with_retry(model, loader, optimizer):
    for images, labels in loader:
        try:
            loss = F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
        except torch.cuda.OutOfMemoryError:
            logger.warning("out of memory on a batch of %d, skipping", len(images))  # ok: GPU206 (failure path)
            torch.cuda.empty_cache()


@torch.no_grad()
def evaluate(model, val_loader):
    model.eval()
    correct = torch.zeros((), device=device)
    for i, (images, labels) in enumerate(val_loader):
        logits = model(images.to(device, non_blocking=True))
        correct += (logits.argmax(dim=1) == labels.to(device, non_blocking=True)).sum()
        print(f"evaluated batch {i}")  # expect: GPU206 "evaluation loop"
        entropy = -(logits.softmax(dim=1) * logits.log_softmax(dim=1).exp().log()).sum()  # ok: GPU206 (math, not logging)
    model.train()
    return correct, entropy


class LitClassifier(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self.net(x), y)
        self.log("train_loss", loss, prog_bar=True)  # ok: GPU206 (Lightning aggregates self.log)
        self.print(f"batch {batch_idx} of size {x.shape[0]}")  # expect: GPU206 "Lightning training_step"
        return loss

    def on_train_epoch_end(self):
        print(f"finished epoch {self.current_epoch}")  # ok: GPU206 (once per epoch)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=args.lr)
