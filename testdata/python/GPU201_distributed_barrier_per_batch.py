# torch.distributed.barrier() under NCCL runs a small all-reduce and then
# makes the host wait on the current stream until it is done: on every batch
# it drains the GPU and puts the ranks in lockstep. Once before or after the
# loop, or every few hundred steps, it costs nothing that matters.
import torch
import torch.distributed as dist
from torch.utils.data import DataLoader


@torch.no_grad()
def embed_all(encoder, dataset, device):
    dist.barrier()  # ok: GPU201 — once, before the loop
    loader = DataLoader(dataset, batch_size=128, num_workers=4, pin_memory=True)
    total = torch.zeros(512, device=device)
    for step, (images, _) in enumerate(loader):
        total += encoder(images.to(device, non_blocking=True)).sum(0)
        dist.barrier()  # expect: GPU201 "every rank has reached the barrier"
        if step % 500 == 0:
            dist.barrier()  # ok: GPU201 — every 500 batches
    dist.all_reduce(total)
    dist.barrier()  # ok: GPU201 — once, after the loop
    return total


def main():
    dist.init_process_group("nccl")
    device = torch.device("cuda", dist.get_rank() % torch.cuda.device_count())
    encoder = torch.nn.Linear(784, 512).to(device)
    embed_all(encoder, torch.utils.data.TensorDataset(torch.randn(4096, 784), torch.zeros(4096)), device)


if __name__ == "__main__":
    main()
