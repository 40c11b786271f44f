# torch.accelerator.synchronize() (PyTorch 2.6's device-agnostic API) waits
# for the GPU exactly as torch.cuda.synchronize() does on a CUDA node.
import time

import torch
import torch.nn.functional as F


def fence():
    torch.accelerator.synchronize()  # expect: GPU201 "runs on every step"


def fit(net, loader, opt, device):
    started = time.time()
    for step, (x, y) in enumerate(loader):
        loss = F.cross_entropy(net(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
        torch.accelerator.synchronize()  # expect: GPU201 "runs on every step"
        if step % 200 == 0:
            torch.accelerator.synchronize()  # ok: GPU201 (every 200 steps)
            print(step, time.time() - started)


def fit_fenced(net, loader, opt, device):
    for x, y in loader:
        loss = F.cross_entropy(net(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
        fence()  # ok: GPU201 (reported in fence(), called from here)
