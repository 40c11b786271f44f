import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=1)
parser.add_argument("-j", "--workers", type=int, default=4)
args = parser.parse_args()

device = "cuda"
loader = DataLoader(TensorDataset(torch.randn(512, 8)), batch_size=64, num_workers=args.workers, pin_memory=True,
                    persistent_workers=args.workers > 0)
model = torch.nn.Linear(8, 1).to(device)
for epoch in range(args.epochs):
    for (x,) in loader:
        model(x.to(device, non_blocking=True)).sum().backward()
