import torch
from torch import nn


class MarginLoss(nn.Module):
    def forward(self, scores, target):
        margin = (scores.std() + 1e-6).item()  # ok: reported at the call `extra(scores, target)` in fit.py
        return torch.relu(margin - scores.gather(1, target[:, None])).mean()


class MemoryQueue(nn.Module):
    def __init__(self, dim, size, momentum=0.9):
        super().__init__()
        self.register_buffer("params", torch.tensor([float(size), momentum]))
        self.register_buffer("keys", torch.randn(size, dim))

    def forward(self, feats, ids):
        size = int(self.params[0].item())  # ok: reported at the call `queue(feats, ids)` in fit.py
        picked = self.keys.index_select(0, ids % size)
        return (picked * feats).sum(1).mean()


class HostTally(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("total", torch.zeros(1))

    def forward(self, n):
        self.total += n
        return self.total.item()
