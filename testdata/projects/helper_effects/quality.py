"""An evaluation pass under a name that does not say so."""
import torch


@torch.no_grad()
def check_quality(model, loader, device):
    model.eval()
    total = 0.0
    for images, labels in loader:  # ok: GPU202
        outputs = model(images.to(device, non_blocking=True))
        total += (outputs.argmax(1) == labels.to(device, non_blocking=True)).sum()
    model.train()
    return total


def validate_config(cfg):
    # Named like an evaluation, but only checks a dict: never GPU202.
    if cfg["lr"] <= 0:
        raise ValueError("lr must be positive")
