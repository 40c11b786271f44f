"""Only the low-resolution input side is declared (64): four such samples per step leave the
GPU mostly idle."""
import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--batch_size", type=int, default=4)
parser.add_argument("--lr_height", type=int, default=64)
parser.add_argument("--n_cpu", type=int, default=8)
opt = parser.parse_args()

pairs = TensorDataset(torch.randn(512, 3, opt.lr_height, opt.lr_height), torch.randn(512, 3, opt.lr_height, opt.lr_height))
loader = DataLoader(pairs, batch_size=opt.batch_size, shuffle=True, num_workers=opt.n_cpu,  # expect: GPU204 "batch size is 4"
                    pin_memory=True, persistent_workers=True)
net = nn.Conv2d(3, 3, 3, padding=1).cuda()
optimizer = torch.optim.Adam(net.parameters(), lr=2e-4)
for epoch in range(200):
    for lr_img, hr_img in loader:
        lr_img, hr_img = lr_img.cuda(non_blocking=True), hr_img.cuda(non_blocking=True)
        loss = (net(lr_img) - hr_img).abs().mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
