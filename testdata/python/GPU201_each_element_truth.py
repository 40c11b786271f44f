"""GPU201 fixture: builtin all()/any() over GPU tests, one host bool per element.

A hand-written fp16 loop checks every parameter's gradient for infs with
`all(torch.isfinite(p.grad).all() for p in params)`: Python asks for the truth
value of each element, so each parameter costs one device-to-host copy.
"""
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


def grads_finite(params):
    return all(torch.isfinite(p.grad).all() for p in params if p.grad is not None)  # expect: GPU201 "`all()` asks Python for the truth value of `torch.isfinite(p.grad).all()`"


def trainable(params):
    # requires_grad is a Python bool: no tensor is read.
    return all(p.requires_grad for p in params)


device = torch.device("cuda")
net = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 4)).to(device).half()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
data = TensorDataset(torch.randn(4096, 32), torch.randint(0, 4, (4096,)))
loader = DataLoader(data, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
# Once, before training: not per step.
assert all(torch.isfinite(p).all() for p in net.parameters())  # ok: GPU201 (runs once at set-up)
assert trainable(net.parameters())
scale = 2.0 ** 16
for step, (x, y) in enumerate(loader):
    x, y = x.to(device, non_blocking=True).half(), y.to(device, non_blocking=True)
    loss = F.cross_entropy(net(x).float(), y)
    opt.zero_grad(set_to_none=True)
    (loss * scale).backward()
    if not grads_finite(net.parameters()):
        scale /= 2
        continue
    if any([torch.isnan(p.grad).any() for p in net.parameters()]):  # expect: GPU201 "`any()` asks Python for the truth value of `torch.isnan(p.grad).any()`, a GPU tensor, once per element"
        continue
    if not all(p.grad is not None for p in net.parameters()):  # ok: GPU201 (an identity test on the host)
        continue
    if step % 100 == 0 and not all(torch.isfinite(p).all() for p in net.parameters()):  # ok: GPU201 (every 100 steps)
        print("non-finite weights")
    for p in net.parameters():
        p.grad.div_(scale)
    opt.step()
