# Logging helpers of another module: a tracker that reads what it is given,
# and a reduction that starts a collective before its read.
import torch
import torch.distributed as dist


class Tracker:
    def __init__(self):
        self.values = {}

    def record(self, **named):
        for key, value in named.items():
            if isinstance(value, torch.Tensor):
                value = value.item()
            self.values.setdefault(key, []).append(value)


def world_mean(x):
    size = dist.get_world_size() if dist.is_initialized() else 1
    if size > 1:
        t = torch.tensor(x, device="cuda")
        dist.all_reduce(t)
        return (t / size).item()
    return x
