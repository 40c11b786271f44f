"""Trainers whose collaborators come in through the constructor."""
import argparse
import os

import torch
from torch.utils.data import DataLoader, TensorDataset

from weighting import HistoryWeights, build_observer, build_weights


def make_loader():
    data = TensorDataset(torch.randn(4096, 16))
    return DataLoader(data, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)


class WeightedTrainer:
    def __init__(self, net, weights, device):
        self.net, self.weights, self.device = net, weights, device
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def fit(self, loader, epochs):
        for _ in range(epochs):
            for (x,) in loader:
                x = x.to(self.device, non_blocking=True)
                t = self.weights.pick(x.shape[0], self.device)
                per_sample = (self.net(x) - x).pow(2).mean(dim=1) * (1 + t.float())
                if isinstance(self.weights, HistoryWeights):
                    self.weights.observe(t, per_sample.detach())  # expect: GPU201 "observe() runs `v.item()`"
                loss = per_sample.mean()
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                self.opt.step()


class DirectTrainer:
    def __init__(self, net, weights):
        self.net, self.weights = net, weights
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def fit(self, loader, device):
        for (x,) in loader:
            x = x.to(device, non_blocking=True)
            t = self.weights.pick(x.shape[0], device)
            loss = (self.net(x) - x).pow(2).mean(dim=1)
            self.weights.observe(t, loss.detach())  # expect: GPU201 "observe() runs `v.item()`"
            self.opt.zero_grad(set_to_none=True)
            loss.mean().backward()
            self.opt.step()


class FlatTrainer:
    def __init__(self, net, weights, device):
        self.net, self.weights, self.device = net, weights, device
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def fit(self, loader):
        for (x,) in loader:
            x = x.to(self.device, non_blocking=True)
            t = self.weights.pick(x.shape[0], self.device)
            per_sample = (self.net(x) - x).pow(2).mean(dim=1)
            if isinstance(self.weights, HistoryWeights):
                self.weights.observe(t, per_sample.detach())  # ok: GPU201 (the factory is asked for "flat": no class it returns has observe())
            self.opt.zero_grad(set_to_none=True)
            per_sample.mean().backward()
            self.opt.step()


class ObservedTrainer:
    def __init__(self, net, observer):
        self.net, self.observer = net, observer
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def fit(self, loader, device):
        for (x,) in loader:
            x = x.to(device, non_blocking=True)
            loss = (self.net(x) - x).pow(2).mean()
            self.observer.observe(None, loss.detach())  # ok: GPU201 (the observer's kind comes from the environment: QuietWeights.observe keeps the value on the GPU)
            self.opt.zero_grad(set_to_none=True)
            loss.backward()
            self.opt.step()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--weights", default="history")
    args = p.parse_args()
    device = torch.device("cuda")
    net = torch.nn.Linear(16, 16).to(device)
    WeightedTrainer(net, build_weights(args.weights, 1000), device).fit(make_loader(), epochs=10)
    DirectTrainer(net, HistoryWeights(1000)).fit(make_loader(), device)
    FlatTrainer(net, build_weights("flat", 1000), device).fit(make_loader())
    ObservedTrainer(net, build_observer(os.environ.get("OBSERVER", "quiet"), 1000)).fit(make_loader(), device)


if __name__ == "__main__":
    main()
