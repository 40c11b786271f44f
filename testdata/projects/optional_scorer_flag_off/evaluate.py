"""Validation with an optional second answer key: `--alt-key` defaults to "",
so the scorer is None on a default run and its per-batch read never runs;
`--strict-key` has a non-empty default, so its scorer may exist."""
import argparse

import torch
from torch.utils.data import DataLoader

from scoring import AlternateKey

parser = argparse.ArgumentParser()
parser.add_argument("--alt-key", default="", type=str)
parser.add_argument("--strict-key", default="keys/strict.json", type=str)
parser.add_argument("--workers", default=4, type=int)
args = parser.parse_args()


def validate(net, dataset, device=torch.device("cuda")):
    loader = DataLoader(dataset, batch_size=256, num_workers=args.workers, pin_memory=True)
    alt = None
    if args.alt_key:
        alt = AlternateKey(args.alt_key)
    strict = AlternateKey(args.strict_key) if args.strict_key else None
    correct = torch.zeros((), device=device)
    net.eval()
    with torch.inference_mode():
        for images, labels in loader:
            images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
            logits = net(images)
            if alt is not None:
                alt.add(logits)  # ok: GPU201 (--alt-key defaults to "": alt stays None)
            if strict is not None:
                strict.add(logits)  # expect: GPU201 "add() runs"
            correct += (logits.argmax(1) == labels).sum()
    return correct.item() / len(dataset)
