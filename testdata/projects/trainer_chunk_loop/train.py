# The script's loop over the loader trains each stage in turn (an inner loop
# over stage numbers, one optimizer step each): the loop over the loader is
# the step loop, so its own per-batch read is reported. The trainer's call
# is not reported a second time: the read it makes is reported inside it.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from stages.stage_trainer import StageTrainer


def main():
    device = torch.device("cuda")
    trainer = StageTrainer(nn.ModuleList([nn.Linear(32, 8), nn.Linear(32, 8)])).to(device)
    data = TensorDataset(torch.randn(8192, 32), torch.randn(8192, 8))
    loaders = {"train": DataLoader(data, batch_size=128, num_workers=4, pin_memory=True, persistent_workers=True)}
    batch_count = torch.zeros(1, dtype=torch.long, device=device)
    for epoch in range(20):
        for i, (x, y) in enumerate(loaders["train"]):
            batch_count[0] = len(x)
            seen = batch_count.sum().item()  # expect: GPU201 "on every step of the training step loop at line 19"
            x = x.to(device, non_blocking=True)
            y = y.to(device, non_blocking=True)
            trainer.train()
            for stage in range(2):
                loss = trainer(x, y, stage, chunk=32)  # ok: GPU201 — the read inside forward() is reported there
                trainer.update(stage)


if __name__ == "__main__":
    main()
