"""A filter kernel built with NumPy, normalised in place and scaled, then
made a CUDA tensor in the forward: still host data, so each call uploads it
after the layer before has queued its work. Arithmetic with a value that
may be a tensor is not followed."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def blur_half(x, taps=(1.0, 3.0, 3.0, 1.0), gain=1.0):
    k = np.outer(taps, taps)
    k /= np.sum(k)
    k = k * gain
    w = torch.tensor(k, device=x.device, dtype=x.dtype)  # expect: GPU201 "builds a CUDA tensor from host data"
    c = x.shape[1]
    return F.conv2d(x, w[None, None].repeat(c, 1, 1, 1), stride=2, padding=1, groups=c)


def blur_scaled(x, scale, taps=(1.0, 2.0, 1.0)):
    k = np.outer(taps, taps)
    k = k * scale
    w = torch.as_tensor(k, device=x.device)  # ok: GPU201 (`scale` may be a tensor: not followed)
    return F.conv2d(x, w[None, None].repeat(x.shape[1], 1, 1, 1), padding=1, groups=x.shape[1])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Conv2d(3, 16, 3, padding=1)
        self.tail = nn.Conv2d(16, 3, 3, padding=1)
        self.level = nn.Parameter(torch.ones(()))

    def forward(self, x):
        h = self.head(x)
        h = blur_half(h)
        h = blur_scaled(h, self.level)
        return self.tail(h)


def main(steps=10000):
    device = torch.device("cuda")
    net = Net().to(device)
    opt = torch.optim.Adam(net.parameters(), lr=2e-4)
    for step in range(steps):
        x = torch.randn(64, 3, 32, 32, device=device)
        loss = net(x).square().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
