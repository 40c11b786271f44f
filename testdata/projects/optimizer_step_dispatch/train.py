# The loop's optimizer step lives in a helper of another module that reads
# the gradient norm first: no periodic guard can skip the step, so the advice
# is to keep the norm on the GPU.
import torch

from stepping import NormCheckedStepper

net = torch.nn.Sequential(torch.nn.Linear(128, 128), torch.nn.ReLU(), torch.nn.Linear(128, 1)).cuda()
stepper = NormCheckedStepper(net.parameters())
opt = torch.optim.AdamW(stepper.params, lr=1e-4)

for it in range(10000):
    x = torch.randn(64, 128, device="cuda")
    loss = net(x).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    stepper.step(opt)  # expect: GPU201 "the helper is the training step itself (it steps the optimizer)"


def accumulate(steps=10000, accum=8):
    for it in range(steps):
        x = torch.randn(64, 128, device="cuda")
        (net(x).pow(2).mean() / accum).backward()
        if (it + 1) % accum == 0:
            stepper.step(opt)  # ok: GPU201 (once every 8 steps)
            opt.zero_grad()
