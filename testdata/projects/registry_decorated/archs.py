import torch
import torch.nn as nn

from registry import ARCHS


class Trainable:
    def __init__(self, cfg):
        self.device = torch.device("cuda")

    def fit_batch(self, batch):
        raise NotImplementedError


@ARCHS.register()
class SmallNet(Trainable):
    def __init__(self, cfg):
        super().__init__(cfg)
        self.net = nn.Linear(16, 4).to(self.device)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)

    def fit_batch(self, batch):
        x = batch.to(self.device, non_blocking=True)
        loss = self.net(x).square().mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def check(self, batch):
        return bool(torch.isfinite(self.net.weight).all())


@ARCHS.register()
class WideNet(SmallNet):
    def __init__(self, cfg):
        super().__init__(cfg)
        self.net = nn.Linear(16, 64).to(self.device)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)

    def check(self, batch):
        return True


class DraftNet(Trainable):
    """Not registered: the registry never builds it, so its quiet fit_batch does not count."""

    def fit_batch(self, batch):
        return 0.0
