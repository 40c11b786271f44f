"""Timestep samplers: the factory returns one of two subclasses, and both
inherit `sample` from the base class, so a call through whatever the factory
returned runs that one definition."""
import numpy as np
import torch


class TimestepSampler:
    def weights(self):
        raise NotImplementedError

    def sample(self, batch_size, device):
        w = self.weights()
        picked = np.random.choice(len(w), size=(batch_size,), p=w / np.sum(w))
        timesteps = torch.from_numpy(picked).long().to(device)
        scale = torch.from_numpy(1.0 / (len(w) * w[picked])).float().to(device)
        return timesteps, scale


class UniformSampler(TimestepSampler):
    def __init__(self, steps):
        self._w = np.ones(steps)

    def weights(self):
        return self._w


class RecentLossSampler(TimestepSampler):
    def __init__(self, steps):
        self._w = np.linspace(1.0, 2.0, steps)

    def weights(self):
        return self._w


class HostSampler:
    """Its own `sample`, on the host."""

    def sample(self, batch_size, device):
        return torch.zeros(batch_size, dtype=torch.long), torch.ones(batch_size)


def make_sampler(name, steps):
    if name == "uniform":
        return UniformSampler(steps)
    if name == "recent":
        return RecentLossSampler(steps)
    raise NotImplementedError(name)
