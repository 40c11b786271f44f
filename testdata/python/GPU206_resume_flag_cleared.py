# Resuming a run by skipping the batches already seen: the `if resume:`
# branch clears its own flag, so what the branch prints once the skipping is
# over runs once, not on every step. A message printed on every step
# (outside the flag) is still per-step logging.
import time

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def train(model, loader, optimizer, start_iter, resume):
    t0 = time.perf_counter()
    seen = 0
    for x, y in loader:
        if resume:
            if seen < start_iter:
                seen += 1
                continue
            else:
                resume = False
                print(f"resumed after {time.perf_counter() - t0:.1f}s at batch {seen}")  # ok: GPU206 — once
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(f"batch {seen} done")  # expect: GPU206
        seen += 1


def warmup_logged(model, loader, optimizer):
    first = True
    for x, y in loader:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        if first:
            print("input shapes", tuple(x.shape), tuple(y.shape))  # ok: GPU206 — the branch clears `first`
            first = False
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    net = nn.Linear(16, 1).cuda()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = DataLoader(TensorDataset(torch.randn(4096, 16), torch.randn(4096, 1)), batch_size=64, shuffle=True,
                      num_workers=2, pin_memory=True, persistent_workers=True)
    train(net, data, opt, start_iter=100, resume=True)
    warmup_logged(net, data, opt)
