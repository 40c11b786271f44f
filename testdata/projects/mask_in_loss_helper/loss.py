"""A detector's loss keeps the targets whose box ratio to an anchor is close
enough: selecting them with a boolean mask sizes the result by the count of
matches, which the host reads on every call."""
import torch


def build_targets(pred, targets, anchors, ratio_limit=4.0):
    ratio = targets[:, None, 2:4] / anchors[None]
    close = torch.max(ratio, 1.0 / ratio).max(2)[0] < ratio_limit
    matched = targets[:, None].expand(-1, anchors.shape[0], -1)[close]
    return matched


def compute_loss(pred, targets, anchors):
    matched = build_targets(pred, targets, anchors)
    return pred.square().mean() + matched[:, 2:4].mean()


def weighted_loss(pred, targets, anchors, ratio_limit=4.0):
    ratio = targets[:, None, 2:4] / anchors[None]
    close = (torch.max(ratio, 1.0 / ratio).max(2)[0] < ratio_limit).float()
    return pred.square().mean() + (close.sum(1) * targets[:, 2]).sum() / close.sum().clamp(min=1)


class ComputeLoss:
    """A callable loss object whose target matching filters under `if n:`
    (targets present, the usual case): the step still waits there."""

    def __init__(self, anchors, ratio_limit=4.0):
        self.anchors = anchors
        self.ratio_limit = ratio_limit

    def __call__(self, pred, targets):
        matched = self.build_targets(targets)
        return pred.square().mean() + matched.sum() * 0

    def build_targets(self, targets):
        n = targets.shape[0]
        t = targets[:, None].expand(-1, self.anchors.shape[0], -1)
        if n:
            ratio = t[..., 2:4] / self.anchors[None]
            close = torch.max(ratio, 1.0 / ratio).max(2)[0] < self.ratio_limit
            t = t[close]
        return t
