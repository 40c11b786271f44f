"""Rare-condition guards: failure checks, empty batches, interrupt flags, the
end of training, the first pass of an outer loop and exception handlers run
on few steps, so what they guard is not per step. The condition itself still
runs every step (an `.item()` in it is a sync)."""
import logging
import math
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger(__name__)
device = torch.device("cuda")
model = nn.Linear(128, 10).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)


def train(loader, total_steps, warmup_steps, rank, watchdog):
    features, queue = None, None
    for step, (images, labels, bbox_offsets) in enumerate(loader):
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        bbox_offsets = bbox_offsets.to(device, non_blocking=True)
        if bbox_offsets[-1].item() == 0:  # expect: GPU201 "`bbox_offsets[-1].item()`"
            print("empty batch, skipping")  # ok: GPU206 (empty-batch check)
        loss = F.cross_entropy(model(images), labels)
        loss_value = loss.item()  # expect: GPU201 "`loss.item()`"
        if not math.isfinite(loss_value):
            print(f"Loss is {loss_value}, stopping training")  # ok: GPU206 (failure check)
            sys.exit(1)
        if len(labels) == 0:
            logger.info("no labels in this batch")  # ok: GPU206 (empty-batch check)
        if rank == 0 and sys.stdout.isatty():
            print(f"\r{step}", end="")  # ok: GPU206 (an interactive terminal only: a job's output is no terminal)
        if any(len(offsets) < 1 for offsets in bbox_offsets):
            logger.error("a sample without boxes")  # ok: GPU206 (empty-sample check over the batch's items)
        if labels.numel() <= 0:
            logger.info("labels are empty")  # ok: GPU206 (empty-batch check)
        if any(len(offsets) > 1 for offsets in bbox_offsets):
            logger.info("several boxes")  # expect: GPU206 "every step"
        if features is None:
            features = torch.zeros(len(loader.dataset), 128, device=device)
            print(f"storing features of shape {tuple(features.shape)}")  # ok: GPU206 (lazy initialisation: runs once)
        if rank == 0 and queue is None:
            print("no queue yet")  # expect: GPU206 "every step"
        loss.backward()
        if torch.isnan(loss):  # expect: GPU201 "`torch.isnan(loss)`"
            logger.warning("nan loss at step %d", step)  # ok: GPU206 (failure check)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if watchdog.preempted:
            torch.save(model.state_dict(), "preempt.pt")  # ok: GPU203 (interrupt flag)
        if step >= total_steps:
            torch.save(model.state_dict(), "final.pt")  # ok: GPU203 (end of training)
        if step > warmup_steps:
            torch.save(model.state_dict(), "latest.pt")  # expect: GPU203 "on every step"
        if rank == 0:
            logger.info("rank 0 finished step %d", step)  # expect: GPU206 (a rank guard is not rare)


def train_on_shards(shards, shard_loader):
    for r, shard in enumerate(shards):
        for images, labels in shard_loader(shard):
            loss = F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
            try:
                loss.backward()
            except RuntimeError as err:
                logger.error("backward failed: %s", err)  # ok: GPU206 (exception handler)
                continue
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            if r == 0:
                print(f"first shard: {images.shape}")  # ok: GPU206 (the first pass of the outer loop)
            print(f"shard {shard}")  # expect: GPU206 "on every step"


def score(batches, out_file):
    for batch in batches:
        loss = F.cross_entropy(model(batch["x"].to(device, non_blocking=True)), batch["y"].to(device, non_blocking=True))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        inf_scores = loss.isinf()
        if inf_scores.any():  # expect: GPU201 "truth value" (the test itself reads the GPU every step)
            logger.info("skipping a batch with inf scores")  # ok: GPU206 (failure check)
        print(batch["id"], file=out_file)  # ok: GPU206 (writes results to a file)
        print(batch["id"], file=sys.stderr)  # expect: GPU206 "on every step"


@torch.no_grad()
def evaluate(loader):
    model.eval()
    for x, y in loader:
        pred = model(x.to(device, non_blocking=True)).argmax(-1)
        if y == 0:
            print("label zero")  # expect: GPU206 "every batch of the evaluation loop" (y is the batch, not a counter)


def mosaics(loader, epochs):
    nb = len(loader)
    for epoch in range(epochs):
        for i, (imgs, targets) in enumerate(loader):
            ni = i + nb * epoch  # batches seen so far: each value once
            loss = F.cross_entropy(model(imgs.to(device, non_blocking=True)), targets.to(device, non_blocking=True))
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            if ni == 10:
                print("saved the first mosaics")  # ok: GPU206 (a single step)
            shown = nb * epoch
            if shown == 10:
                print("epoch offset")  # expect: GPU206 "on every step" (not a counter of this loop)


@torch.no_grad()
def show_mistakes(loader):
    model.eval()
    printed = 0
    for x, y in loader:
        model(x.to(device, non_blocking=True))
        if y[0] != 0 and printed < 5:
            printed += 1
            print("a mistake")  # ok: GPU206 (the branch counts itself up to 5)
        if printed < 5:
            print("not counted here")  # expect: GPU206 "every batch of the evaluation loop"


class WarmupReports:
    """Reports during the first few iterations only, and under a profiler."""

    def __init__(self, loader, start_step, last_step, prof):
        self.loader, self.start_step, self.last_step, self.prof = loader, start_step, last_step, prof

    def fit(self, warmup_steps):
        for self.iteration_step in range(self.start_step, self.last_step + 1):
            x, y = next(self.loader)
            loss = F.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
            loss.backward()
            optimizer.step()
            if self.iteration_step < self.start_step + 5:
                logger.info("memory after step %d", self.iteration_step)  # ok: GPU206 (the first five steps)
            if isinstance(self.prof, torch.profiler.profile):
                logger.info("profiler on for step %d", self.iteration_step)  # ok: GPU206 (profiling run)
            if self.iteration_step < warmup_steps:
                logger.info("warming up")  # expect: GPU206 "on every step" (warm-up length unknown)
            if self.iteration_step < self.start_step + 500:
                logger.info("early phase")  # expect: GPU206 "on every step" (500 steps is not a few)


def per_epoch_flag(loader, epochs):
    for epoch in range(epochs):
        for step, (x, y) in enumerate(loader):
            loss = F.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
            loss.backward()
            optimizer.step()
            if step < 3:
                print("first steps of the epoch")  # ok: GPU206 (three steps per epoch)
            if epoch < 2:
                print("early epoch")  # expect: GPU206 "on every step" (every step of the first epochs)


@torch.no_grad()
def score_examples(val_loader):
    model.eval()
    num_total = 0
    for tokens, label in val_loader:
        logits = model(tokens.to(device, non_blocking=True))
        num_total += 1
        if num_total < 10:
            print("example", num_total, label)  # ok: GPU206 (the first ten batches; num_total counts the passes)
        if num_total > 10:
            print("later example", num_total)  # expect: GPU206 "every batch of the evaluation loop"


def train_until_cancelled(loader, poll_every, save_every, poll):
    # A cancel flag polled every N steps: once set, the run saves and stops,
    # so `cancel_requested or step % save_every == 0` is a rare-or-periodic guard.
    cancel_requested = False
    for step, (images, labels, _) in enumerate(loader):
        loss = F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if not cancel_requested and step % poll_every == 0:
            cancel_requested, _ = poll()
        if cancel_requested or step % save_every == 0:
            logger.info("saving at step %d", step)  # ok: GPU206 (cancel flag or periodic)
            torch.save(model.state_dict(), f"step{step}.pt")  # ok: GPU203 (cancel flag or periodic)
        if cancel_requested:
            break
