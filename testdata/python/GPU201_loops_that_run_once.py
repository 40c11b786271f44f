"""Loops that run once: a throughput fence that returns on its first batch and
warm-up loops over a small literal range are not per step (RULES.md "How
often a line runs"), unless a loop around them runs them again; the same
statements in a real batch loop still are."""
import logging
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger(__name__)
device = torch.device("cuda")
model = nn.Linear(128, 10).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.no_grad()
def throughput(data_loader):
    model.eval()
    for idx, (images, _) in enumerate(data_loader):
        images = images.to(device, non_blocking=True)
        batch_size = images.shape[0]
        for _ in range(50):
            model(images)
        torch.cuda.synchronize()  # ok: GPU201 (the fence returns after its first batch)
        tic = time.time()
        for _ in range(30):
            model(images)
        torch.cuda.synchronize()  # ok: GPU201
        logger.info(f"batch {idx}: {30 * batch_size / (time.time() - tic):.1f} images/s")  # ok: GPU206
        return


@torch.no_grad()
def first_batch_latency(data_loader):
    model.eval()
    for images, _ in data_loader:
        logits = model(images.to(device, non_blocking=True))
        print(f"first batch max logit {logits.max().item():.3f}")  # ok: GPU201 (break ends the loop on its first pass)
        break


@torch.no_grad()
def evaluate(data_loader):
    model.eval()
    for images, _ in data_loader:
        model(images.to(device, non_blocking=True))
        torch.cuda.synchronize()  # expect: GPU201 "on every batch of the evaluation loop"


def warm_up(images, labels):
    images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
    for _ in range(3):
        loss = F.cross_entropy(model(images), labels)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        print(f"warm-up loss {loss.item():.3f}")  # ok: GPU201 (three warm-up passes)


def train_critic(loader, critic, critic_opt):
    # Five critic passes per batch are no warm-up: the loader's loop runs them again for every batch.
    for real, _ in loader:
        real = real.to(device, non_blocking=True)
        for _ in range(5):
            d_loss = critic(model(real)).mean() - critic(real).mean()
            critic_opt.zero_grad(set_to_none=True)
            d_loss.backward()
            critic_opt.step()
            print(f"critic loss {d_loss.item():.3f}")  # expect: GPU201 "on every step of the training step loop at line 66"


def train(loader, epochs):
    for epoch in range(epochs):
        for images, labels in loader:
            loss = F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            print(f"loss {loss.item():.3f}")  # expect: GPU201 "on every step of the training step loop"


@torch.no_grad()
def show_samples(val_data, decode):
    model.eval()
    # A demo over the first three samples: three syncs in all.
    for entry in val_data[:3]:
        out = model(entry.to(device, non_blocking=True))
        print(decode(out.argmax(-1).tolist()))  # ok: GPU201 (three samples)
    for entry in enumerate(val_data[10:12]):
        print("sample", entry[0])  # ok: GPU206 (two samples)
    for entry in val_data[:200]:
        out = model(entry.to(device, non_blocking=True))
        print(out.argmax(-1).tolist())  # expect: GPU201 "every batch of the evaluation loop"



@torch.no_grad()
def position_ids(input_ids, pad_mask):
    # The rows of one batch, visited once per call: not a batch loop of its own.
    batch_size = input_ids.shape[0]
    first = pad_mask.int().argmax(dim=1)
    ids = torch.zeros_like(input_ids)
    for i in range(batch_size):
        start = first[i].item()  # ok: GPU201 (rows of one batch)
        ids[i, start:] = torch.arange(input_ids.shape[1] - start, device=input_ids.device)
    return ids


def train_cached(loader, use_cache):
    for images, labels in loader:
        loss = F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True))
        loss.backward()
        optimizer.step()
        if use_cache:
            raise NotImplementedError("the cache path is not written yet")
            print(f"cached loss {loss.item():.3f}")  # ok: GPU201 (unreachable after the raise)
        print(f"loss {loss.item():.3f}")  # expect: GPU201 "on every step of the training step loop"
