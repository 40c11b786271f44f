"""A script that reaches the GPU only when run with --accel (the
device-agnostic accelerator API): gpulint judges it as it runs on the GPU
node, and says which flag puts it there (RULES.md "The GPU path")."""
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--accel", action="store_true", help="enables the accelerator")
parser.add_argument("--epochs", type=int, default=1)
args = parser.parse_args()

use_accel = args.accel and torch.accelerator.is_available()
if use_accel:
    device = torch.accelerator.current_accelerator()
else:
    device = torch.device("cpu")


def train(model, loader, optimizer):
    model.train()
    for data, target in loader:
        data = data.to(device)  # expect: GPU104 "when run with --accel"
        target = target.to(device, non_blocking=True)
        optimizer.zero_grad()
        loss = F.nll_loss(model(data), target)
        loss.backward()
        optimizer.step()
        print(loss.item())  # expect: GPU201 "when run with --accel"
        print("done a step")  # expect: GPU206


model = torch.nn.Linear(784, 10).to(device)
loader = DataLoader(range(10), batch_size=64, num_workers=2, pin_memory=True)
train(model, loader, torch.optim.SGD(model.parameters(), lr=0.1))
