"""Modules that keep their state in registered buffers: the buffers live
wherever the module instance is moved."""
import torch
from torch import nn


class ShadowAverage(nn.Module):
    """An exponential moving average of a network's weights with a warm-up
    that counts updates in a buffer."""

    def __init__(self, net, decay=0.999):
        super().__init__()
        self.register_buffer("decay", torch.tensor(decay, dtype=torch.float32))
        self.register_buffer("updates", torch.tensor(0, dtype=torch.int))
        self.names = [n.replace(".", "") for n, _ in net.named_parameters()]
        for name, p in net.named_parameters():
            self.register_buffer(name.replace(".", ""), p.detach().clone())

    def forward(self, net):
        decay = self.decay
        if self.updates >= 0:
            self.updates += 1
            decay = torch.minimum(self.decay, (1 + self.updates) / (10 + self.updates))
        shadows = dict(self.named_buffers())
        with torch.no_grad():
            for name, p in zip(self.names, net.parameters()):
                shadows[name].sub_((1.0 - decay) * (shadows[name] - p))


class StepCounter(nn.Module):
    """Counts steps in a buffer; nobody moves it, so it stays on the host."""

    def __init__(self):
        super().__init__()
        self.register_buffer("seen", torch.zeros((), dtype=torch.long))

    def forward(self):
        self.seen += 1
        if self.seen > 0:
            return int(self.seen)
        return 0
