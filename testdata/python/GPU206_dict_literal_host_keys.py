"""A dict literal holds a value per key: printing its host keys every step
is logging (GPU206), not a read of the GPU tensor stored under another key.
Printing that key is a read (GPU201)."""
import torch
import torch.nn as nn

device = torch.device("cuda")
net = nn.Linear(64, 64).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
tokens = torch.zeros((), dtype=torch.long, device=device)
for step in range(100000):
    x = torch.randn(32, 64, device=device)
    loss = net(x).square().mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    tokens += x.shape[0]
    stats = {"step": step, "lr": opt.param_groups[0]["lr"], "tokens": tokens}
    print(f"step {stats['step']} lr {stats['lr']}")  # expect: GPU206 "logs on every step"
    print(f"tokens {stats['tokens']}")  # expect: GPU201 "formats the GPU tensor `stats['tokens']`"
