"""The scripts move their models with a separate `model = model.to(device)`
(or `.cuda()` on what a factory returns): the name still holds the class it
was built as, and its forward runs in the step loop. A target density's own
`_eval` helper, scored in the loop, is no evaluation pass."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from models import GpuMiner, NegativeMiner, build_miner


class Mixture(nn.Module):
    """A target density: `_eval` computes the terms its score needs."""

    def __init__(self, dim=32):
        super().__init__()
        self.register_buffer("mu", torch.zeros(4, dim))

    def _eval(self, x):
        return self.mu - x[:, None, :]

    def score(self, x):
        return self._eval(x).mean(1)


def make_target(dim=32, device=torch.device("cpu")):
    return Mixture(dim).to(device)


def train_direct(model, loader, opt, device):
    for x in loader:
        loss = model(x.to(device, non_blocking=True))  # expect: GPU201 "model(x.to(device, non_blocking=True))"
        opt.zero_grad()
        loss.backward()
        opt.step()


def train_built(miner, loader, opt, device):
    for x in loader:
        loss = miner(x.to(device, non_blocking=True))  # expect: GPU201 "miner(x.to(device, non_blocking=True))"
        opt.zero_grad()
        loss.backward()
        opt.step()


def train_gpu(net, loader, opt, device):
    for x in loader:
        x = x.to(device, non_blocking=True)
        target = make_target(32, device).score(x)  # ok: GPU202 (the module's own `_eval`, not an evaluation pass)
        loss = net(x) + (target - x).pow(2).mean()  # ok: GPU201 (its draw stays on the GPU)
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    device = torch.device("cuda")
    loader = DataLoader(torch.randn(512, 32), batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    model = NegativeMiner()
    model = model.to(device)
    miner = build_miner(dim=32).cuda()
    net = GpuMiner()
    net = net.to(device)
    opt = torch.optim.AdamW(list(model.parameters()) + list(miner.parameters()) + list(net.parameters()))
    for epoch in range(20):
        train_direct(model, loader, opt, device)
        train_built(miner, loader, opt, device)
        train_gpu(net, loader, opt, device)


if __name__ == "__main__":
    main()
