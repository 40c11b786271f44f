"""Launched one process per GPU, but its DDP branch needs a flag the job
leaves off: each process wraps the model in DataParallel over every GPU."""
import argparse

import torch


def build(args):
    net = torch.nn.Linear(16, 4)
    if args.spawn_workers:
        net = torch.nn.parallel.DistributedDataParallel(net.cuda())
    else:
        net = torch.nn.DataParallel(net).cuda()  # expect: GPU207 "so run it with --spawn-workers"
    return net


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--spawn-workers", action="store_true")
    net = build(parser.parse_args())
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    for step in range(1000):
        out = net(torch.randn(64, 16, device="cuda"))
        loss = (out[0] if isinstance(out, tuple) else out).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
