"""A feature queue used once it is full: `use_queue or not torch.all(...)`
asks the GPU only until the branch sets `use_queue`, so the test runs at the
start of each epoch, not on every step. The same test without the latch (the
branch never sets the name) reads the GPU on every step."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader


def train_epoch(model, loader, opt, queue, device):
    use_queue = False
    warm = False
    for x in loader:
        out = model(x.to(device, non_blocking=True))
        if use_queue or not torch.all(queue[-1] == 0):  # ok: GPU201 (latched: asked until use_queue is set)
            use_queue = True
            out = torch.cat((queue, out))
        if warm or not torch.all(queue[0] == 0):  # expect: GPU201 "torch.all(queue[0] == 0)"
            out = out * 0.5
        queue[1:] = queue[:-1].clone()
        queue[:1] = out[-1:].detach()
        loss = out.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    device = torch.device("cuda")
    model = nn.Linear(8, 8).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(torch.randn(1024, 8), batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    queue = torch.zeros(256, 8, device=device)
    for epoch in range(10):
        train_epoch(model, loader, opt, queue, device)


if __name__ == "__main__":
    main()
