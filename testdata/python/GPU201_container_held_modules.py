# Modules reached through a container: the output of a block called in a
# loop over an nn.ModuleList, or picked by index (`self.heads[1](x)`), is on
# the GPU the container was moved to, and a buffer of a module a moved
# container holds lives there too. A host read of either runs every step.
# A module nobody moves keeps its buffers on the host: reading them is free.
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(x).relu()


class Probe(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        if x.abs().amax().item() > 10.0:  # expect: GPU201 "computed from `self.heads[0](x)`"
            x = x.clamp(-10.0, 10.0)
        return self.proj(x)


class Gate(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.register_buffer("limits", torch.tensor([0.5, 2.0]))

    def forward(self, x):
        hi = self.limits[1].item()  # expect: GPU201 "through self.heads[1]() called at line 66"
        return self.proj(x) * hi


class Counter(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("seen", torch.zeros(1))

    def forward(self, n):
        self.seen += n
        return int(self.seen.item())  # ok: this counter is never moved, its buffer stays on the host


class Net(nn.Module):
    def __init__(self, dim, depth):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.heads = nn.ModuleList([Block(dim), Gate(dim)])
        self.probe = Probe(dim)
        self.scales = [0.5, 1.0]

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        for s in self.scales:
            x = x * s
        y = self.heads[0](x)
        y = self.probe(y)
        return self.heads[1](y)


dev = torch.device("cuda")
net = Net(32, 4).to(dev)
counter = Counter()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for step in range(1000):
    batch = torch.randn(8, 32, device=dev)
    loss = net(batch).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    counter(batch.shape[0])
