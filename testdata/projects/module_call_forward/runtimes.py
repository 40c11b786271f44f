"""Modules (and a helper that calls one) that train.py runs once per step."""
import torch
from torch import nn


class MultiRuntime(nn.Module):
    """Either the torch network itself or a compiled engine fed host arrays,
    chosen by the file it was loaded from."""

    def __init__(self, net, engine=None):
        super().__init__()
        self.net = net
        self.engine = engine

    def forward(self, batch):
        if self.engine is None:
            result = self.net(batch)
        else:
            # An engine takes host arrays: this branch serves engine-backed instances only.
            arrays = self.engine.infer(batch.contiguous().cpu().numpy())  # ok: GPU201 (the engine's branch only)
            result = torch.from_numpy(arrays[0]).to(batch.device)
        return result


class Agreement(nn.Module):
    def forward(self, scores, labels):
        return (scores.argmax(-1) == labels).float().mean().item()


def run_in_torch(net, batch):
    runtime = MultiRuntime(net)
    return runtime(batch)
