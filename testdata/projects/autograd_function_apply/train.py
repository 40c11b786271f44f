# A custom autograd Function of another module: `PackedSum.apply(h, offsets)`
# runs its forward(ctx, h, offsets), whose helper reads each offset as an
# int, a sync per element on every step; a static method named through its
# class (`Lengths.longest(offsets)`) is a call of that method. Scale's
# forward reads nothing back. GlobalMean.apply(t) returns what its forward
# returns, where `t` lives: `float()` of it reads a GPU tensor back after
# the step's work, and of a host tensor nothing.
import torch
from torch import nn

from ops import GlobalMean, Lengths, PackedSum, Scale


class Packer(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(32, 32)

    def forward(self, x, offsets):
        h = Scale.apply(self.proj(x), 0.5)  # ok: Scale's forward syncs nothing
        return PackedSum.apply(h, offsets)  # expect: GPU201 "forward() reaches `int(offsets[k])`"


def main():
    net = Packer().cuda()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    offsets = torch.tensor([0, 100, 300, 512], device="cuda")
    for step in range(10000):
        x = torch.randn(512, 32, device="cuda")
        out = net(x, offsets)
        widest = Lengths.longest(offsets)  # expect: GPU201 "longest() runs"
        loss = out.square().mean() / widest
        opt.zero_grad()
        loss.backward()
        opt.step()
        seen = float(GlobalMean.apply(torch.tensor(float(step))))  # ok: GPU201 (a host tensor)
        spread = float(GlobalMean.apply(out.detach().std()))  # expect: GPU201 "float(GlobalMean.apply(out.detach().std()))"
        print(seen, spread)


if __name__ == "__main__":
    main()
