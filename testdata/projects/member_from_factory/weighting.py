"""Timestep weightings a trainer keeps in self.*: built by a factory from a
name, or passed in directly."""
import torch
import torch.distributed as dist


class FlatWeights:
    def __init__(self, steps):
        self.steps = steps

    def pick(self, n, device):
        return torch.randint(0, self.steps, (n,), device=device)


class HistoryWeights(FlatWeights):
    def __init__(self, steps):
        super().__init__(steps)
        self.seen = [0.0] * steps

    def observe(self, ts, losses):
        chunks = [torch.zeros_like(losses) for _ in range(dist.get_world_size())]
        dist.all_gather(chunks, losses)
        gathered = [v.item() for chunk in chunks for v in chunk]
        for i, v in enumerate(gathered):
            self.seen[i] = 0.9 * self.seen[i] + 0.1 * v


class QuietWeights(FlatWeights):
    def observe(self, ts, losses):
        self.last = losses.detach()


class LoudWeights(FlatWeights):
    def observe(self, ts, losses):
        print(float(losses.sum()))


def build_weights(kind, steps):
    if kind == "flat":
        return FlatWeights(steps)
    elif kind == "history":
        return HistoryWeights(steps)
    raise ValueError(kind)


def build_observer(kind, steps):
    if kind == "quiet":
        return QuietWeights(steps)
    return LoudWeights(steps)
