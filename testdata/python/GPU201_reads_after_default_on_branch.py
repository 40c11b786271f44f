"""An export loop that reads the top-k indices back inside `if args.keep_top:`
(on by default), then the scores right after: on a default run both reads
happen in the same pass, and the first already drained the queue, so they
are one finding. Behind an option that is off by default, the branch's read
does not run and the read after it is the drain."""
import argparse

import numpy as np
import torch
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--keep-top", default=5, type=int)
parser.add_argument("--dump-ids", action="store_true")
parser.add_argument("--workers", default=4, type=int)
args = parser.parse_args()


def export(net, dataset, device=torch.device("cuda")):
    loader = DataLoader(dataset, batch_size=512, num_workers=args.workers, pin_memory=True)
    ranked, scores = [], []
    net.eval()
    with torch.inference_mode():
        for images, _ in loader:
            logits = net(images.to(device, non_blocking=True))
            if args.keep_top:
                logits, idx = logits.topk(args.keep_top)
                ranked.append(idx.cpu().numpy())  # expect: GPU201 "Line 29 reads a GPU value right after it"
            scores.append(logits.float().cpu().numpy())  # ok: GPU201 (part of the finding on line 28)
    return np.concatenate(ranked), np.concatenate(scores)


def export_ids(net, dataset, device=torch.device("cuda")):
    loader = DataLoader(dataset, batch_size=512, num_workers=args.workers, pin_memory=True)
    ids, scores = [], []
    net.eval()
    with torch.inference_mode():
        for images, _ in loader:
            logits = net(images.to(device, non_blocking=True))
            if args.dump_ids:
                ids.append(logits.argmax(1).cpu())  # ok: GPU201 (--dump-ids is off by default)
            scores.append(logits.max(1).values.cpu())  # expect: GPU201 "to the host on every batch"
    return ids, scores
