"""Entry script: an evaluation loop whose post-processing helpers live in
another module; one moves the predictions to the host only on Apple's MPS
backend, the other on every CUDA run."""
import torch
from torch.utils.data import DataLoader

from postproc import keep_confident, keep_confident_on_host


@torch.no_grad()
def score(model, loader, device):
    model.eval()
    kept = 0
    for frames, _ in loader:
        frames = frames.to(device, non_blocking=True)
        scores = model(frames)
        boxes = keep_confident(scores)  # ok: GPU201 (its only .cpu() sits under `if on_mps:`, never run on the CUDA node)
        kept += len(boxes)
    return kept


@torch.no_grad()
def score_on_host(model, loader, device):
    model.eval()
    kept = 0
    for frames, _ in loader:
        frames = frames.to(device, non_blocking=True)
        scores = model(frames)
        boxes = keep_confident_on_host(scores)  # expect: GPU201 "keep_confident_on_host"
        kept += len(boxes)
    return kept


if __name__ == "__main__":
    dev = torch.device("cuda")
    net = torch.nn.Linear(32, 6).to(dev)
    data = DataLoader(torch.randn(512, 32), batch_size=32, num_workers=4, pin_memory=True)
    print(score(net, data, dev), score_on_host(net, data, dev))
