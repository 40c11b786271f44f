"""A short save interval is a finding only where it paces checkpoint
writes that run: behind an opt-in option left off (`--save_ckpt`,
store_true) nothing is saved at any interval, and an interval of debug
pictures (`save_image_every`) writes no weights."""
import argparse

import torch
import torchvision
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--save_ckpt", action="store_true")
parser.add_argument("--save_every", type=int, default=10)
parser.add_argument("--ckpt_every", type=int, default=20)
parser.add_argument("--save_image_every", type=int, default=5)
args = parser.parse_args()

device = torch.device("cuda")
net = torch.nn.Linear(8, 1).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
data = TensorDataset(torch.randn(4096, 8), torch.randn(4096, 1))
loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)

step = 0
for epoch in range(10):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        out = net(x)
        loss = torch.nn.functional.mse_loss(out, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if args.save_ckpt and step % args.save_every == 0:  # ok: GPU203 (--save_ckpt is off unless the run passes it)
            torch.save(net.state_dict(), "last.pt")
        if step % args.ckpt_every == 0:  # expect: GPU203 "A checkpoint is saved every 20 steps"
            torch.save(net.state_dict(), "every.pt")
        if step % args.save_image_every == 0:  # ok: GPU203 (pictures, not weights)
            torchvision.utils.save_image(out[:4].detach().view(4, 1, 1, 1), "preview.png")
