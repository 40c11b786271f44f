"""A mixed-precision helper: `optimize` reads the gradient norm back to the
host before it steps (a sync on every call); `zero_grad` reads nothing."""
import torch


class MixedPrecision:
    def __init__(self, params):
        self.params = list(params)

    def norm(self):
        return torch.stack([p.grad.norm() for p in self.params]).norm()

    def optimize(self, opt):
        if not torch.isfinite(self.norm()).item():
            return False
        opt.step()
        return True

    def zero_grad(self):
        for p in self.params:
            p.grad = None


class HostMeter:
    def __init__(self):
        self.total = 0.0

    def add(self, value):
        self.total += float(value)
