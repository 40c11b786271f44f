"""A linear probe run for the one epoch its config names: its loader's workers start once."""
import argparse

import torch
import yaml
from torch.utils.data import TensorDataset

from data.loaders import probe_loader


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="configs/probe.yaml")
    args = parser.parse_args()
    cfg = yaml.safe_load(open(args.config))
    device = torch.device("cuda")
    loader = probe_loader(TensorDataset(torch.randn(512, 32), torch.randint(0, 4, (512,))), cfg["batch_size"], cfg["workers"])
    head = torch.nn.Linear(32, 4).to(device)
    opt = torch.optim.SGD(head.parameters(), lr=0.1)
    for epoch in range(cfg["epochs"]):
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(head(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
