"""A DDP worker started with torch.multiprocessing.spawn: spawn runs
main_worker(rank, args) in each process, so `args` is the namespace main()
parsed, and the worker count and epoch count resolve inside the worker.
The epoch loop starts at the checkpoint's epoch when resuming, else at 0:
a fresh run iterates the loader on every epoch."""
import argparse
import os

import torch
import torch.distributed as dist
import torch.nn.functional as F
import torchvision
from torch.utils.data import DataLoader

import probe

parser = argparse.ArgumentParser()
parser.add_argument("--workers", type=int, default=8)
parser.add_argument("--epochs", type=int, default=300)
parser.add_argument("--batch-size", type=int, default=128)
parser.add_argument("--ckpt", default="checkpoint.pth")


def main():
    args = parser.parse_args()
    args.world_size = torch.cuda.device_count()
    torch.multiprocessing.spawn(main_worker, (args,), args.world_size)
    torch.multiprocessing.spawn(probe.run, args=(args, 4), nprocs=args.world_size)


def main_worker(gpu, args):
    dist.init_process_group("nccl", init_method="tcp://localhost:23456", world_size=args.world_size, rank=gpu)
    torch.cuda.set_device(gpu)
    model = torchvision.models.resnet18().cuda(gpu)
    model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[gpu])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    if os.path.isfile(args.ckpt):
        ckpt = torch.load(args.ckpt, map_location="cpu")
        start_epoch = ckpt["epoch"]
        model.load_state_dict(ckpt["model"])
    else:
        start_epoch = 0
    dataset = torchvision.datasets.ImageFolder("/data/train")
    sampler = torch.utils.data.distributed.DistributedSampler(dataset)
    loader = DataLoader(dataset, batch_size=args.batch_size, num_workers=args.workers, pin_memory=True, sampler=sampler)  # expect: GPU105 "iterated again on each of the 300 epochs"
    for epoch in range(start_epoch, args.epochs):
        sampler.set_epoch(epoch)
        for images, labels in loader:
            images = images.cuda(gpu, non_blocking=True)
            labels = labels.cuda(gpu, non_blocking=True)
            loss = F.cross_entropy(model(images), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        if gpu == 0:
            torch.save({"epoch": epoch + 1, "model": model.state_dict()}, args.ckpt)


if __name__ == "__main__":
    main()
