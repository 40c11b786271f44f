# A helper of another module clips each gradient by its own norm, reading
# the norm back per parameter tensor: it edits what the optimizer applies,
# so no periodic guard can skip it; the advice is to keep it on the GPU. A
# helper that only reads the norms for a log can run under a guard.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

import grads


def train(loader, steps_per_log=1):
    device = torch.device("cuda")
    net = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1)).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = ((net(x) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        grads.clip_each(net, 3.0)  # expect: GPU201 "once per parameter tensor (the loop at testdata/projects/gradient_edit_helper/grads.py:7)"
        opt.step()
        grads.grad_report(net)  # expect: GPU201 "call it under a periodic guard"


def finetune(net, loader, opt):
    for x, y in loader:
        loss = net(x.cuda(non_blocking=True)).mean()
        opt.zero_grad()
        loss.backward()
        grads.clip_each(net, 1.0)  # expect: GPU201 "it changes the gradients the optimizer step applies, so it must run on every step"
        opt.step()


if __name__ == "__main__":
    data = TensorDataset(torch.randn(256, 8), torch.randn(256, 1))
    train(DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True))
