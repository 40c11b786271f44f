import torch


class MaskedBoxLoss:
    """Drops padded rows (class -1) with a boolean mask, then averages."""

    def __call__(self, pred, boxes):
        real = boxes[boxes[:, 0] >= 0]
        return (pred.float().mean() - real.float().mean()).abs()
