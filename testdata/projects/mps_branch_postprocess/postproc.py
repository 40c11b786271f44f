"""Per-frame filtering of raw scores."""
import torch


def keep_confident(scores, threshold=0.5):
    home = scores.device
    on_mps = "mps" in home.type  # Apple's backend lacks an op used below
    if on_mps:
        scores = scores.cpu()
    picked = []
    for row in scores:
        picked.append(row[:4].to(home))
    return picked


def keep_confident_on_host(scores, threshold=0.5):
    if scores.device.type == "cuda":
        scores = scores.cpu()
    return [row[:4] for row in scores]
