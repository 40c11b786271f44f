"""Timestep samplers chosen by name: the base class draws by importance
weights, one subclass overrides `draw` with a log-normal draw. Both put
what they return on the device they are given; `draw_on_host` never does."""
import numpy as np
import torch


def sampler_named(name, steps):
    if name == "uniform":
        return UniformSteps(steps)
    if name == "lognormal":
        return LogNormalSteps(steps)
    raise ValueError(name)


class StepSampler:
    def __init__(self, steps):
        self.steps = steps

    def weights(self):
        return np.ones(self.steps)

    def draw(self, n, device):
        p = self.weights() / self.weights().sum()
        idx = np.random.choice(len(p), size=(n,), p=p)
        return torch.from_numpy(idx).long().to(device), torch.from_numpy(1 / (len(p) * p[idx])).float().to(device)

    def draw_on_host(self, n):
        return torch.from_numpy(np.random.randint(0, self.steps, size=(n,))), torch.ones(n)


class UniformSteps(StepSampler):
    pass


class LogNormalSteps(StepSampler):
    def draw(self, n, device):
        sigma = torch.exp(torch.randn(n, device=device) * 1.2 - 1.1)
        return sigma, torch.ones_like(sigma)

    def draw_on_host(self, n):
        return torch.exp(torch.randn(n)), torch.ones(n)
