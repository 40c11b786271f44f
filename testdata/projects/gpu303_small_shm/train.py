import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--workers", type=int, default=8)
args = parser.parse_args()
device = torch.device("cuda")
data = TensorDataset(torch.randn(4096, 3, 64, 64), torch.randint(0, 10, (4096,)))
loader = DataLoader(data, batch_size=256, shuffle=True, num_workers=args.workers, pin_memory=True,
                    persistent_workers=args.workers > 0)
model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3 * 64 * 64, 10)).to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
for x, y in loader:
    x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
    loss = torch.nn.functional.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
