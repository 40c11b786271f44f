"""A script that declares large samples (`--img_size` of 256 or more, a
`max_seq_length` of 1024 tokens) feeds the GPU enough per sample: a
micro-batch of 1 or 2 is what memory allows, not what idles the GPU."""
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--batch_size", type=int, default=1)
parser.add_argument("--img_size", type=int, default=256)
parser.add_argument("--workers", type=int, default=8)
args = parser.parse_args()
max_seq_length = 2048

images = TensorDataset(torch.randn(64, 3, args.img_size, args.img_size))
loader = DataLoader(images, batch_size=args.batch_size, shuffle=True, num_workers=args.workers,  # ok: one 256x256 image per step
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
