"""Options parsed into a module global by `main()` (`global opts` then
`opts = parser.parse_args()`) and read by the epoch function: the defaults are
the run's values there too. A mixing branch off by default stays silent, a
print interval of 1 is every step, a worker count of 0 is the main process.
A module value that a function stores again through `global` has no single
value: the module's 0 is not what the loader reads."""
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", default=30, type=int)
parser.add_argument("--mix-prob", default=0.0, type=float)
parser.add_argument("--log-every", default=1, type=int)
parser.add_argument("--workers", default=0, type=int)

eval_workers = 0
warmup_epochs = 5


def main():
    global opts
    opts = parser.parse_args()
    data = TensorDataset(torch.randn(512, 8), torch.randint(0, 2, (512,)))
    loader = DataLoader(data, batch_size=64, num_workers=opts.workers, pin_memory=True)  # expect: GPU101 "argparse default of --workers"
    net = torch.nn.Linear(8, 2).cuda()
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    configure_eval()
    held_out = DataLoader(data, batch_size=64, num_workers=eval_workers, pin_memory=True)  # ok: configure_eval() stores 8 before this line
    for epoch in range(opts.epochs):
        train_epoch(loader, net, sgd)
        evaluate(held_out, net)


def configure_eval():
    global eval_workers
    eval_workers = 8


def evaluate(loader, net):
    with torch.no_grad():
        for xb, _ in loader:
            net(xb.cuda(non_blocking=True))


def train_epoch(loader, net, sgd):
    total = 0.0
    for i, (xb, yb) in enumerate(loader):
        xb = xb.cuda(non_blocking=True)
        yb = yb.cuda(non_blocking=True)
        if opts.mix_prob > 0:
            order = torch.randperm(xb.size(0)).cuda()  # ok: the mixing option defaults to 0
            xb = 0.5 * xb + 0.5 * xb[order]
        loss = torch.nn.functional.cross_entropy(net(xb), yb)
        sgd.zero_grad()
        loss.backward()
        sgd.step()
        if i % opts.log_every == 0:
            print("step", i, loss.item())  # expect: GPU201 "on every step"
        if warmup_epochs > 100:
            print(float(loss))  # ok: warmup_epochs is a module constant no function stores: the branch is off
    return total


if __name__ == "__main__":
    main()
