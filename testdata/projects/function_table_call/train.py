import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

from objectives import MIXED, SINGLE


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--loss", default="mse")
    args = p.parse_args()
    device = torch.device("cuda")
    data = TensorDataset(torch.randn(512, 8), torch.randn(512, 1))
    loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    net = torch.nn.Linear(8, 1).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(10):
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = SINGLE[args.loss](net, x, y)  # expect: GPU201 "logged_mse() runs `loss.item()`"
            loss = loss + MIXED[args.loss](net, x, y)  # ok: GPU201 (the key picks one of two functions, and only one syncs)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
