"""The step loop calls the stepper of stepper.py: a method whose every
branch reads the gradient norm syncs on every step; one that reads it on
one branch only depends on the run."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from stepper import Stepper

net = torch.nn.Linear(8, 2).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
stepper = Stepper(net.parameters(), fp16=False)
data = TensorDataset(torch.randn(256, 8), torch.randint(0, 2, (256,)))
loader = DataLoader(data, batch_size=32, num_workers=2, pin_memory=True, persistent_workers=True)
for epoch in range(3):
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(net(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
        opt.zero_grad()
        loss.backward()
        stepper.optimize(opt)  # expect: GPU201 "optimize() reaches `p.grad.norm().item()`"
        stepper.optimize_maybe_measured(opt)  # ok: GPU201 (one branch steps without reading the norm)
        stepper.optimize_measured_on_fp16(opt)  # ok: GPU201 (no else: the plain path reads nothing)
