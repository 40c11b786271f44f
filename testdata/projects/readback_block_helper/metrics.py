import torch

def topk_accuracy(scores, targets, k):
    _, ind = scores.topk(k, 1, True, True)
    correct = ind.eq(targets.view(-1, 1).expand_as(ind))
    return correct.view(-1).float().sum().item() * (100.0 / targets.size(0))


class Meter:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def update(self, value, n=1):
        self.total += value * n
        self.count += n


class SmoothedLog:
    """Keeps a running value per name; tensors are read to floats."""

    def __init__(self):
        self.values = {}

    def update(self, **named):
        for name, v in named.items():
            if isinstance(v, torch.Tensor):
                v = v.item()
            self.values.setdefault(name, []).append(v)
