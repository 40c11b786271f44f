"""Collects per-step metrics across ranks the way distributed helpers do:
tensors stay on the device; only the object path copies values to the host."""
import torch


def gather_objects(values):
    # Every call of this one syncs, but the step loop reaches it only when
    # the caller asks for Python objects.
    return [v.item() for v in values]


def gather_metrics(values, as_objects=False):
    if as_objects:
        return gather_objects(values)
    return torch.stack(values)
