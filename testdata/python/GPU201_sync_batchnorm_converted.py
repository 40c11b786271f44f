"""SyncBatchNorm.convert_sync_batchnorm returns the module it is handed (its BatchNorm layers
swapped): calling the result runs that module's forward."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class PairEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.AdaptiveAvgPool2d(1), nn.Flatten())

    def forward(self, a, b):
        za, zb = self.body(a), self.body(b)
        logits = za @ zb.t()
        targets = torch.arange(logits.shape[0], dtype=torch.long).cuda()  # expect: GPU201 "makes a tensor on the host"
        return nn.functional.cross_entropy(logits, targets)


class QuietEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.AdaptiveAvgPool2d(1), nn.Flatten())

    def forward(self, a, b):
        feats = torch.empty(0).to(a.device)  # ok: GPU201 (no element to copy: the copy waits for nothing)
        for view in (a, b):
            feats = torch.cat((feats, self.body(view)))
        za, zb = feats.chunk(2)
        logits = za @ zb.t()
        targets = torch.arange(logits.shape[0], device=logits.device)
        return nn.functional.cross_entropy(logits, targets)


def train(rank, epochs=100):
    torch.cuda.set_device(rank)
    net = nn.SyncBatchNorm.convert_sync_batchnorm(PairEncoder())
    net.cuda(rank)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(256, 3, 16, 16), torch.randn(256, 3, 16, 16))
    loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(epochs):
        for a, b in loader:
            a, b = a.cuda(rank, non_blocking=True), b.cuda(rank, non_blocking=True)
            loss = net(a, b)  # the forward above runs here, on every step
            opt.zero_grad()
            loss.backward()
            opt.step()


def train_quiet(rank, epochs=100):
    torch.cuda.set_device(rank)
    net = nn.SyncBatchNorm.convert_sync_batchnorm(QuietEncoder()).cuda(rank)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(256, 3, 16, 16), torch.randn(256, 3, 16, 16))
    loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(epochs):
        for a, b in loader:
            a, b = a.cuda(rank, non_blocking=True), b.cuda(rank, non_blocking=True)
            loss = net(a, b)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    train(0)
    train_quiet(0)
