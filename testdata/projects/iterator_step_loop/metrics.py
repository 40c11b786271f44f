"""Timestep bookkeeping of another module, called on every step."""
import collections

_counts = collections.Counter()


def record_timesteps(timesteps, buckets):
    for t in timesteps.cpu().numpy():
        _counts[int(t) * buckets // 1000] += 1


def bump(name):
    _counts[name] += 1
