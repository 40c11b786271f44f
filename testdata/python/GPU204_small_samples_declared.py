"""Declared sizes that are small (`--img_size 32`, `block_size = 128`) keep
a micro-batch of 2 a tiny batch."""
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--batch_size", type=int, default=2)
parser.add_argument("--img_size", type=int, default=32)
args = parser.parse_args()
block_size = 128

images = TensorDataset(torch.randn(64, 3, args.img_size, args.img_size))
loader = DataLoader(images, batch_size=args.batch_size, shuffle=True, num_workers=4,  # expect: GPU204 "batch size is 2"
                    pin_memory=True, persistent_workers=True)
net = torch.nn.Conv2d(3, 3, 3, padding=1).cuda()
opt = torch.optim.Adam(net.parameters(), lr=2e-4)
for epoch in range(100):
    for (x,) in loader:
        x = x.cuda(non_blocking=True)
        loss = (net(x) - x).abs().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
