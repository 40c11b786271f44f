# `[v] * n` is a Python list like any other: made into a CUDA tensor in the
# step after the forward queued work, it is a blocking copy of host data.
import torch
from torch import nn

device = torch.device("cuda")
net = nn.Linear(32, 32).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
B = 64
weights = torch.tensor([1.0] * B, device=device)  # ok: made once, before the loop
for it in range(50000):
    x = torch.randn(B, 32, device=device)
    h = net(x)
    gain = torch.tensor([0.5] * B, device=device)  # expect: GPU201 "builds a CUDA tensor from host data"
    shift = torch.tensor([0.1, 0.2], device=device)  # ok: the copy on the line above drained the queue; nothing queued since
    scaled = torch.full((B,), 0.5, device=device) * 2  # ok: generated on the GPU, no host data
    loss = (h * gain[:, None] * weights[:, None] + shift[0] + scaled[:, None]).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
