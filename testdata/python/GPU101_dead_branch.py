# Code switched off by hand with a literal test never runs: the `else` of
# `if 1:` and the body of `if False:` produce no findings. A test that is
# not a literal (an option, a constant name) may go either way and keeps them.
import argparse

import torch
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--fast", action="store_true")
args = parser.parse_args()
DEBUG = False

device = torch.device("cuda")
data = torch.utils.data.TensorDataset(torch.randn(4096, 16), torch.randint(0, 2, (4096,)))
model = torch.nn.Linear(16, 2).to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

if 1:
    loader = DataLoader(data, batch_size=256, num_workers=8, pin_memory=True, persistent_workers=True)
else:
    loader = DataLoader(data, batch_size=256)  # ok: GPU101 (the else of `if 1:` never runs)

if args.fast:
    eval_loader = DataLoader(data, batch_size=512, num_workers=8, pin_memory=True, persistent_workers=True)
else:
    eval_loader = DataLoader(data, batch_size=512, pin_memory=True)  # expect: GPU101

for epoch in range(10):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if False:
            print("loss", loss.item())  # ok: GPU201 (under `if False:`)
        if DEBUG:
            print("loss", loss.item())  # ok: GPU201 (DEBUG resolves to False)
        if not 1:
            torch.cuda.synchronize()  # ok: GPU201 (under `if not 1:`)
    with torch.no_grad():
        for x, y in eval_loader:
            out = model(x.to(device, non_blocking=True))
