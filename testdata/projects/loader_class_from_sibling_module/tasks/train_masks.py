"""Trains on the mask task's feed: its batches are pinned, so the blocking
copies in the step loop are the anti-pattern; the feed built with a loader
class whose constructor is its own stays unknown."""
import torch

from feeds.masks.build import make_feed, make_resized_feed


def train(dataset, model, opt, device=torch.device("cuda")):
    feed, _ = make_feed(dataset, 16)
    for images, targets, masks in feed:
        images = images.to(device, non_blocking=True)
        loss = model(images, targets.to(device), masks.to(device))  # expect: GPU104 "`targets.to(device)` copies a pinned batch", GPU104 "`masks.to(device)`"
        opt.zero_grad()
        loss.backward()
        opt.step()


def finetune(dataset, model, opt, device=torch.device("cuda")):
    feed, _ = make_resized_feed(dataset, 16)
    for images, targets in feed:
        loss = model(images.to(device), targets.to(device))  # ok: GPU104 (ResizingLoader's constructor is its own)
        opt.zero_grad()
        loss.backward()
        opt.step()
