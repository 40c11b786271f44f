"""GPU206 fixture, twin of GPU206_wandb_disabled_run.py: a run whose mode is
read from the environment may be online, so its per-step log is reported."""
import os

import torch
import wandb
from torch.utils.data import DataLoader

wandb.init(project="decorrelation", mode=os.environ.get("WANDB_MODE", "online"))


def main():
    device = torch.device("cuda")
    model = torch.nn.Linear(8, 8).to(device)
    optimizer = torch.optim.Adam(model.parameters())
    loader = DataLoader(range(64), batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(10):
        for batch in loader:
            loss = model(batch.to(device, non_blocking=True)).pow(2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            wandb.log({"epoch": epoch})  # expect: GPU206 "logs on every step"


if __name__ == "__main__":
    main()
