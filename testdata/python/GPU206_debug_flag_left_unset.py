# `if args.flag == "uns":` with --flag left at its None default: None equals
# no string, so the debug branch never runs in the run as configured. A flag
# whose default is the string tested keeps the finding.
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--flag", default=None)
parser.add_argument("--trace", default="grads")
args = parser.parse_args()

net = torch.nn.Linear(4, 4).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
rows = torch.utils.data.TensorDataset(torch.randn(64, 4))
loader = torch.utils.data.DataLoader(rows, batch_size=8, num_workers=2, pin_memory=True, persistent_workers=True)
for (x,) in loader:
    loss = net(x.cuda(non_blocking=True)).sum()
    loss.backward()
    if args.flag == "uns":
        for name, p in net.named_parameters():
            if p.grad is None:
                print("no grad", name)  # ok: GPU206 (--flag is None)
    if args.trace == "grads":
        print("step done")  # expect: GPU206 "on every step"
    opt.step()
    opt.zero_grad()
