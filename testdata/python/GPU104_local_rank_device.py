# `torch.cuda.set_device(local_rank)` then `.to(local_rank)`: the integer
# names that rank's GPU, so a pinned batch copied without non_blocking
# blocks the host on every step.
import os

import torch
import torch.distributed as dist


def train(model, loader, optimizer, local_rank):
    for batch in loader:
        x = batch["x"].to(local_rank)  # expect: GPU104
        y = batch["y"].to(local_rank, non_blocking=True)  # ok: GPU104 (asynchronous)
        loss = (model(x) - y).pow(2).mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()


def main():
    dist.init_process_group("nccl")
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    model = torch.nn.Linear(8, 1).to(local_rank)
    optimizer = torch.optim.AdamW(model.parameters())
    data = [{"x": torch.randn(8), "y": torch.randn(1)} for _ in range(64)]
    loader = torch.utils.data.DataLoader(data, batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)
    train(model, loader, optimizer, local_rank)


if __name__ == "__main__":
    main()
