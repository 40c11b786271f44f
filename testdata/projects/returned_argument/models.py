"""Two models built by factories that may load weights through the shared
helper. The contrastive one draws a hard negative per sample on the host."""
import torch
import torch.nn as nn

from checkpoint import freeze, load_pretrained


class HardNegativeModel(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        sim = self.proj(x) @ x.t()
        weights = torch.softmax(sim, dim=1)
        picked = []
        for b in range(x.size(0)):
            picked.append(x[torch.multinomial(weights[b], 1).item()])
        return (self.proj(torch.stack(picked)) - x).pow(2).mean()


class PlainModel(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(x).pow(2).mean()


def hard_negative_model(pretrained="", **kwargs):
    model = HardNegativeModel(**kwargs)
    if pretrained:
        model, report = load_pretrained(model, pretrained)
        print(report.missing_keys)
    return model


def plain_model(pretrained="", **kwargs):
    model = PlainModel(**kwargs)
    if pretrained:
        model, _ = load_pretrained(model, pretrained)
    return model


def frozen_plain_model(**kwargs):
    return freeze(PlainModel(**kwargs))


def frozen_teacher(**kwargs):
    return freeze(HardNegativeModel(**kwargs))
