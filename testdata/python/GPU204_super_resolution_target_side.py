"""A super-resolution trainer names its crop by the high-resolution target (`--hr_height`,
`--hr_width` of 256): a micro-batch of 4 such crops is what memory allows, not what idles
the GPU. The low-resolution side alone says nothing about memory."""
import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--batch_size", type=int, default=4)
parser.add_argument("--hr_height", type=int, default=256)
parser.add_argument("--hr_width", type=int, default=256)
parser.add_argument("--n_cpu", type=int, default=8)
opt = parser.parse_args()

pairs = TensorDataset(torch.randn(512, 3, opt.hr_height // 4, opt.hr_width // 4),
                      torch.randn(512, 3, opt.hr_height, opt.hr_width))
loader = DataLoader(pairs, batch_size=opt.batch_size, shuffle=True, num_workers=opt.n_cpu,  # ok: GPU204 (four 256x256 targets per step)
                    pin_memory=True, persistent_workers=True)
net = nn.Sequential(nn.Conv2d(3, 64, 3, padding=1), nn.Upsample(scale_factor=4), nn.Conv2d(64, 3, 3, padding=1)).cuda()
optimizer = torch.optim.Adam(net.parameters(), lr=2e-4)
for epoch in range(200):
    for lr_img, hr_img in loader:
        lr_img, hr_img = lr_img.cuda(non_blocking=True), hr_img.cuda(non_blocking=True)
        loss = (net(lr_img) - hr_img).abs().mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
