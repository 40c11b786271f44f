"""The run config is a YAML file named by the --config default and read with yaml.safe_load; the
loaders are built in another module, which sees the config's epoch count through the call."""
import argparse

import torch
import yaml
from torch.utils.data import TensorDataset

from data.loaders import split_loaders


def run_epoch(net, loader, opt, device):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def validate(net, loader, device):
    correct = torch.zeros((), device=device)
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        correct += (net(x).argmax(1) == y).sum()
    return correct


def main(args, cfg):
    device = torch.device("cuda")
    train_set = TensorDataset(torch.randn(2048, 32), torch.randint(0, 4, (2048,)))
    val_set = TensorDataset(torch.randn(256, 32), torch.randint(0, 4, (256,)))
    train_loader, val_loader = split_loaders(train_set, val_set, cfg["batch_size"], cfg["workers"])
    net = torch.nn.Linear(32, 4).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(cfg["epochs"]):
        run_epoch(net, train_loader, opt, device)
        validate(net, val_loader, device)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="configs/pretrain.yaml")
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    main(args, cfg)
