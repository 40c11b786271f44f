# The else of a test on an option that resolves on (`--clip-grad` defaults
# to 1.0) never runs with the run's values, so the gradient-norm helper that
# syncs once per parameter there is not a per-step cost; the same helper
# behind an option that is off by default is.
import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--clip-grad", type=float, default=1.0)
parser.add_argument("--max-norm", type=float, default=0.0)
args = parser.parse_args()


def total_grad_norm(params):
    return sum(p.grad.norm().item() for p in params if p.grad is not None)  # expect: GPU201 "called at line 38"


def main():
    net = nn.Sequential(nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 1)).cuda()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(4096, 32), torch.randn(4096, 1))
    loader = DataLoader(data, batch_size=64, shuffle=True, num_workers=2, pin_memory=True, persistent_workers=True)
    for epoch in range(10):
        for x, y in loader:
            loss = nn.functional.mse_loss(net(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
            opt.zero_grad()
            loss.backward()
            if args.clip_grad:
                norm = torch.nn.utils.clip_grad_norm_(net.parameters(), args.clip_grad)
            else:
                norm = total_grad_norm(net.parameters())  # ok: GPU201 — --clip-grad is 1.0 unless a run sets 0
            if args.max_norm:
                torch.nn.utils.clip_grad_norm_(net.parameters(), args.max_norm)
            else:
                norm = total_grad_norm(net.parameters())  # the call the finding names: --max-norm is 0
            opt.step()


if __name__ == "__main__":
    main()
