"""Batch containers of the project. The loader's workers pin tensors and
objects that define pin_memory(); anything else passes through unpinned."""
import torch


class PaddedImages:
    """Images padded to one size, with the mask of what is padding."""

    def __init__(self, tensors, mask):
        self.tensors = tensors
        self.mask = mask

    def to(self, device):
        return PaddedImages(self.tensors.to(device), self.mask.to(device))


class PinnableImages(PaddedImages):
    def pin_memory(self):
        return PinnableImages(self.tensors.pin_memory(), self.mask.pin_memory())

    def to(self, device, non_blocking=False):
        return PinnableImages(self.tensors.to(device, non_blocking=non_blocking),
                              self.mask.to(device, non_blocking=non_blocking))


def pad_images(images):
    tensors = torch.stack(images)
    return PaddedImages(tensors, torch.zeros(tensors.shape[0], dtype=torch.bool))


def collate_padded(batch):
    images, targets = zip(*batch)
    return pad_images(list(images)), list(targets)


def collate_pinnable(batch):
    images, targets = zip(*batch)
    tensors = torch.stack(images)
    return PinnableImages(tensors, torch.zeros(tensors.shape[0], dtype=torch.bool)), list(targets)


def synthetic_images(n):
    return [(torch.randn(3, 32, 32), i % 10) for i in range(n)]
