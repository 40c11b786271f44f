"""A detector whose forward assigns targets only in training mode (`if
self.training:`, set by model.train() on every submodule): the assignment
reads a count to the host on every training step, through a submodule."""
import torch
import torch.nn as nn


class AnchorTargets(nn.Module):
    def forward(self, labels):
        fg = torch.sum(labels > 0)
        return labels / max(int(fg), 1)


class Detector(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(16, 4)
        self.targets = AnchorTargets()

    def forward(self, x, labels=None):
        out = self.head(x)
        if self.training:
            return ((out - self.targets(labels)) ** 2).mean()
        return out


def train_step(model, opt, x, y):
    loss = model(x, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss
