# A DDP-ready script; the jobs pass its worker count.
import argparse
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--batch-size", type=int, default=128)
    args = parser.parse_args()
    distributed = "WORLD_SIZE" in os.environ
    if distributed:
        dist.init_process_group("nccl")
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    torch.cuda.set_device(local_rank)
    data = TensorDataset(torch.randn(4096, 32), torch.randint(0, 4, (4096,)))
    sampler = DistributedSampler(data) if distributed else None
    loader = DataLoader(data, batch_size=args.batch_size, sampler=sampler, shuffle=sampler is None,
                        num_workers=args.workers, pin_memory=True, persistent_workers=True)
    model = torch.nn.Linear(32, 4).cuda()
    if distributed:
        model = DDP(model, device_ids=[local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
