# A local name bound to torch.cuda.synchronize (`barrier = torch.cuda.
# synchronize if use_gpu else (lambda: None)`) still waits for the GPU
# when called on every step; a name bound to a no-op, or to a helper that
# does something else, is no sync.
import time

import torch
import torch.nn as nn

use_gpu = torch.cuda.is_available()
device = torch.device("cuda")
barrier = torch.cuda.synchronize if use_gpu else (lambda: None)
sync_now = torch.cuda.synchronize
noop = lambda: None  # noqa: E731
stamp = time.time

net = nn.Linear(16, 1).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for step in range(1000):
    barrier()  # expect: GPU201 "(torch.cuda.synchronize)"
    t0 = stamp()  # ok: GPU201 (time.time)
    loss = net(torch.randn(64, 16, device=device)).pow(2).mean()
    loss.backward()
    sync_now()  # expect: GPU201
    opt.step()
    opt.zero_grad()
    noop()  # ok: GPU201 (a no-op)
