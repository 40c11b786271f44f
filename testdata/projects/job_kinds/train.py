# A classifier ready for one process per GPU, launched by the job kinds beside it.
import argparse
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", type=int, default=6)
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--cpu", action="store_true", help="debug on the CPU")
    return parser.parse_args()


def main():
    args = parse_args()
    world = int(os.environ.get("WORLD_SIZE", os.environ.get("SLURM_NTASKS", 1)))
    if world > 1:
        dist.init_process_group("nccl")
    local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("SLURM_LOCALID", 0)))
    device = torch.device("cpu" if args.cpu else f"cuda:{local_rank}")
    images = TensorDataset(torch.randn(8192, 3 * 32 * 32), torch.randint(0, 10, (8192,)))
    sampler = DistributedSampler(images) if world > 1 else None
    loader = DataLoader(images, batch_size=args.batch_size, sampler=sampler, shuffle=sampler is None,
                        num_workers=args.workers, pin_memory=True, persistent_workers=args.workers > 0)
    model = torch.nn.Linear(3 * 32 * 32, 10).to(device)
    if world > 1:
        model = DistributedDataParallel(model, device_ids=[local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(10):
        if sampler is not None:
            sampler.set_epoch(epoch)
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(model(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
