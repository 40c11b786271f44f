"""GPU206 fixture: a W&B run switched off by a constant is a no-op tracker.

`wandb.init(mode="disabled" if not TRACK_ONLINE else "online")` with
`TRACK_ONLINE = False`: every `wandb.log(...)` returns at once, so logging
(and the GPU tensors it is handed) costs nothing per step. A run whose mode
comes from the environment may be on, and stays reported
(GPU206_wandb_mode_unknown.py).
"""
import torch
import wandb
from torch.utils.data import DataLoader

TRACK_ONLINE = False

wandb.init(project="decorrelation", mode="disabled" if not TRACK_ONLINE else "online")


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
            wandb.log({"loss": loss})  # ok: GPU206/GPU201 (the run is disabled: log() does nothing)


if __name__ == "__main__":
    main()
