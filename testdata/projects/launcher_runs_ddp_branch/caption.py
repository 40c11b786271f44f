"""Started with plain python: the DataParallel branch is the one that runs."""
import argparse

import torch
from torch.nn.parallel import DistributedDataParallel as DDP


def build(args):
    net = torch.nn.GRU(16, 16)
    if args.local_rank != -1:
        net = DDP(net.cuda(), device_ids=[args.local_rank])
    elif torch.cuda.device_count() > 1:
        net = torch.nn.DataParallel(net).cuda()  # expect: GPU207 "the script does so itself in the branch at line 10"
    return net


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--local_rank", type=int, default=-1)
    net = build(parser.parse_args())
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    for step in range(1000):
        out = net(torch.randn(5, 64, 16, device="cuda"))
        loss = (out[0] if isinstance(out, tuple) else out).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
