"""GPU201 fixture: namespace fields set together by a tuple assignment.

`args.local_rank, args.rank, args.world_size = world_info_from_env()` sets
three fields of the parsed namespace and binds no name: every other option
still resolves to its default, so the accumulation guard of 1 step runs on
every step and the read under it is per step.
"""
import argparse
import os

import torch
from torch.utils.data import DataLoader


def world_info_from_env():
    return int(os.environ.get("LOCAL_RANK", 0)), int(os.environ.get("RANK", 0)), int(os.environ.get("WORLD_SIZE", 1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gradient_accumulation_steps", type=int, default=1)
    parser.add_argument("--log_every", type=int, default=100)
    args = parser.parse_args()
    args.local_rank, args.rank, args.world_size = world_info_from_env()
    device = torch.device("cuda", args.local_rank)
    model = torch.nn.Linear(8, 8).to(device)
    optimizer = torch.optim.AdamW(model.parameters())
    loader = DataLoader(torch.randn(256, 8), batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(10):
        for step, batch in enumerate(loader):
            loss = model(batch.to(device, non_blocking=True)).pow(2).mean()
            loss.backward()
            if (step + 1) % args.gradient_accumulation_steps == 0:
                optimizer.step()
                optimizer.zero_grad()
                print(f"loss {loss.item():.4f}")  # expect: GPU201 "`loss.item()`"
            if step % args.log_every == 0:
                print(f"step {step} loss {loss.item():.4f}")  # ok: GPU201 (every 100 steps)


if __name__ == "__main__":
    main()
