# The top-1 meter is given a GPU tensor per batch and formatted into the
# progress bar on every batch: each format reads the tensor back. The timer
# and sample-count meters (objects of the same class) are given host numbers:
# formatting them reads nothing.
import time

import torch
from tqdm import tqdm

from running import RunningMean


def evaluate(model, loader, device):
    top1, batch_time, seen = RunningMean(), RunningMean(), RunningMean()
    bar = tqdm(loader)
    end = time.time()
    model.eval()
    with torch.no_grad():
        for images, labels in bar:
            images = images.to(device, non_blocking=True)
            labels = labels.to(device, non_blocking=True)
            logits = model(images)
            hits = (logits.argmax(1) == labels).float().mean() * 100
            top1.update(hits, images.size(0))
            seen.update(images.size(0))
            batch_time.update(time.time() - end)
            end = time.time()
            bar.set_description("top1 %.2f" % top1.mean)  # expect: GPU201 "formats the GPU tensor `top1.mean`"
            bar.set_postfix(t=f"{batch_time.mean:.3f}", seen=f"{seen.total:.0f}")  # expect: GPU206  # ok: GPU201 (host floats)
    return top1.mean
