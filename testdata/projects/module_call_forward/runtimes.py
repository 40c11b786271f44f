"""Modules (and a helper that calls one) that train.py runs once per step."""
import torch
from torch import nn


class MultiRuntime(nn.Module):
    """Runs the network in torch, or hands the batch to a foreign runtime that
    takes host arrays; which one is fixed when the object is built."""

    def __init__(self, net, runtime="torch", session=None):
        super().__init__()
        self.net = net
        self.runtime = runtime
        self.session = session

    def forward(self, batch):
        if self.runtime == "torch":
            out = self.net(batch)
        elif self.runtime == "exported":
            host = batch.detach().cpu().numpy()  # ok: GPU201 (only the exported runtime's branch)
            out = torch.as_tensor(self.session.run(host)).to(batch.device)
        else:
            out = self.net(batch.half()).float()
        return out


class Agreement(nn.Module):
    def forward(self, scores, labels):
        return (scores.argmax(-1) == labels).float().mean().item()


def run_in_torch(net, batch):
    runtime = MultiRuntime(net)
    return runtime(batch)
