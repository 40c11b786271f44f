"""A script with its own one-process-per-GPU path behind a flag falls back
to DataParallel without it: the advice is to run it with that flag."""
import argparse

import torch
import torch.multiprocessing as mp

parser = argparse.ArgumentParser()
parser.add_argument("--world-size", default=-1, type=int)
parser.add_argument("--gpu", default=None, type=int)
parser.add_argument("--spawn-ddp", action="store_true", help="one process per GPU")
parser.add_argument("--epochs", default=90, type=int)


def worker(gpu, ngpus, args):
    model = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10))
    if args.distributed:
        torch.distributed.init_process_group("nccl", world_size=ngpus, rank=gpu)
        torch.cuda.set_device(gpu)
        model = torch.nn.parallel.DistributedDataParallel(model.cuda(gpu), device_ids=[gpu])
    elif args.gpu is not None:
        model = model.cuda(args.gpu)
    else:
        model = torch.nn.DataParallel(model).cuda()  # expect: GPU207 "in the branch at line 17 (`args.distributed`), so run it with --spawn-ddp"
    head = torch.nn.DataParallel(torch.nn.Linear(10, 2)).cuda()  # expect: GPU207 "(torchrun --nproc_per_node=<gpus>)"
    opt = torch.optim.SGD(list(model.parameters()) + list(head.parameters()), lr=0.1)
    for _ in range(args.epochs):
        x = torch.randn(256, 64).cuda(non_blocking=True)
        loss = head(model(x)).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    args = parser.parse_args()
    args.distributed = args.world_size > 1 or args.spawn_ddp
    ngpus = torch.cuda.device_count()
    if args.spawn_ddp:
        mp.spawn(worker, nprocs=ngpus, args=(ngpus, args))
    else:
        worker(args.gpu, ngpus, args)


if __name__ == "__main__":
    main()
