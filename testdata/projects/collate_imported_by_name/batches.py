import torch


class Padded:
    """Images padded to one size, with their valid-pixel mask; moves itself, cannot be pinned."""

    def __init__(self, pixels, valid):
        self.pixels = pixels
        self.valid = valid

    def to(self, device):
        return Padded(self.pixels.to(device), self.valid.to(device))


def pad(images):
    h = max(i.shape[1] for i in images)
    w = max(i.shape[2] for i in images)
    pixels = torch.zeros(len(images), 3, h, w)
    valid = torch.zeros(len(images), h, w, dtype=torch.bool)
    for k, im in enumerate(images):
        pixels[k, :, : im.shape[1], : im.shape[2]] = im
        valid[k, : im.shape[1], : im.shape[2]] = True
    return Padded(pixels, valid)


def collate_padded(batch):
    images, targets = zip(*batch)
    return pad(list(images)), targets


def collate_stacked(batch):
    images, targets = zip(*batch)
    return torch.stack(images), torch.stack(targets)
