"""One evaluation loop shared by two callers: one hands it a loader that
pins its batches, the other one that does not."""
import torch
from torch.utils.data import DataLoader


def image_loader(dataset, workers):
    return DataLoader(dataset, batch_size=128, num_workers=workers, pin_memory=True, persistent_workers=True)


@torch.no_grad()
def accuracy(net, loader, device):
    net.eval()
    right = torch.zeros((), device=device)
    for images, labels in loader:
        images = images.to(device)  # expect: GPU104 "other loaders that reach this loop do not pin"
        labels = labels.to(device, non_blocking=True)  # ok: GPU104 (asynchronous already)
        right += (net(images).argmax(1) == labels).sum()
    return right


@torch.no_grad()
def calibration(net, loader, device):
    for logits, _ in loader:
        net(logits.to(device))  # ok: GPU104 (no loader that reaches this loop pins)


@torch.no_grad()
def agreement(net, pinned_loader, plain_loader, device):
    # Two loaders at once: which one a copied batch comes from is not followed.
    for (a, _), (b, _) in zip(pinned_loader, plain_loader):
        net(a.to(device)).sub(net(b.to(device, non_blocking=True)))  # ok: GPU104 (zip of a pinned and a pageable loader)
