# Uses the GPU unless --no-cuda or --device says otherwise.
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--no-cuda", action="store_true", default=False)
parser.add_argument("--device", default="cuda")
args = parser.parse_args()
use_cuda = not args.no_cuda and torch.cuda.is_available()
device = torch.device(args.device if use_cuda else "cpu")
data = TensorDataset(torch.randn(2048, 16), torch.randint(0, 2, (2048,)))
loader = DataLoader(data, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
model = torch.nn.Linear(16, 2).to(device)
opt = torch.optim.Adam(model.parameters())
for x, y in loader:
    x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
    loss = torch.nn.functional.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
