import torch
from torch import nn


class EdgeMLP(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.enc = nn.Linear(width, width)
        self.out = nn.Linear(2 * width, 2)

    def forward(self, x, src, dst):
        h = self.enc(x)
        # One host read per edge, on every forward.
        pairs = [torch.cat([h[src[i].item()], h[dst[i].item()]]) for i in range(len(src))]
        return self.out(torch.stack(pairs))


class WideEdgeMLP(EdgeMLP):
    """The same forward on a wider encoder."""

    def __init__(self, width):
        super().__init__(width)
        self.enc = nn.Linear(width, width)


class MeanPool(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.out = nn.Linear(width, 2)

    def forward(self, x, src, dst):
        return self.out(x.mean(0, keepdim=True))
