import torch.nn as nn


class Critic(nn.Module):
    def __init__(self, n_cls):
        super().__init__()
        self.body = nn.Conv2d(3, 8, 4, 2, 1)
        self.src = nn.Conv2d(8, 1, 3, 1, 1)
        self.cls = nn.Conv2d(8, n_cls, 16)

    def forward(self, x):
        h = self.body(x)
        return self.src(h), self.cls(h).view(h.size(0), -1)
