"""A module named like its package (the package's model lives here)."""
from torch import nn


class Tower(nn.Module):
    def __init__(self, width=128):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(width, width), nn.GELU(), nn.Linear(width, width))

    def forward(self, x):
        return self.body(x)
