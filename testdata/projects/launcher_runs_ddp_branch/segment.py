"""Launched one process per GPU (jobs/segment.sh): the launcher passes
--local_rank, so every process takes the DistributedDataParallel branch."""
import argparse

import torch
from apex.parallel import DistributedDataParallel as ApexDDP


def build(args):
    net = torch.nn.Conv2d(3, 8, 3)
    if args.local_rank != -1:
        torch.cuda.set_device(args.local_rank)
        torch.distributed.init_process_group("nccl")
        net = ApexDDP(net.cuda())
    elif torch.cuda.device_count() > 1:
        net = torch.nn.DataParallel(net.cuda())  # ok: GPU207 (the job runs the DDP branch)
    return net


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--local_rank", type=int, default=-1)
    parser.add_argument("--epochs", type=int, default=3)
    net = build(parser.parse_args())
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    for step in range(1000):
        out = net(torch.randn(8, 3, 32, 32, device="cuda"))
        loss = (out[0] if isinstance(out, tuple) else out).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
