"""A critic's forward picks each row's class logit with an index tensor made
from Python's `range(n)` on the host and copied to the batch's device: on
every forward, after the layers before it queued their kernels."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Critic(nn.Module):
    def __init__(self, n_domains=2):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 32, 3, 2, 1), nn.LeakyReLU(0.2), nn.AdaptiveAvgPool2d(1),
                                  nn.Flatten(), nn.Linear(32, n_domains))

    def forward(self, x, domain):
        logits = self.body(x)
        rows = torch.LongTensor(range(domain.size(0))).to(domain.device)  # expect: GPU201 "`torch.LongTensor(range(domain.size(0)))`"
        return logits[rows, domain]


class IndexedCritic(Critic):
    def forward(self, x, domain):
        logits = self.body(x)
        rows = torch.arange(domain.size(0), device=domain.device)  # ok: GPU201 (made on the GPU)
        return logits[rows, domain]


def train(steps):
    device = torch.device("cuda")
    critic = Critic().to(device)
    opt = torch.optim.Adam(critic.parameters(), lr=1e-4)
    for step in range(steps):
        x = torch.randn(16, 3, 64, 64, device=device)
        domain = torch.randint(0, 2, (16,), device=device)
        loss = F.softplus(-critic(x, domain)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def train_indexed(steps):
    device = torch.device("cuda")
    critic = IndexedCritic().to(device)
    opt = torch.optim.Adam(critic.parameters(), lr=1e-4)
    for step in range(steps):
        x = torch.randn(16, 3, 64, 64, device=device)
        domain = torch.randint(0, 2, (16,), device=device)
        loss = F.softplus(-critic(x, domain)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
