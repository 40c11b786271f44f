import random

import torch


def pyramid(noise, device, levels=6, decay=0.4):
    b, c, h, w = noise.shape
    up = torch.nn.Upsample(size=(h, w), mode="bilinear").to(device)
    for i in range(levels):
        r = random.random() * 2 + 2
        hh, ww = max(1, int(h / (r**i))), max(1, int(w / (r**i)))
        noise += up(torch.randn(b, c, hh, ww).to(device)) * decay**i
    return noise / noise.std()


def jitter(noise, device, scale):
    offsets = torch.rand(noise.shape[0], 1, 1, 1).to(device)
    return noise + scale * offsets
