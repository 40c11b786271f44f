"""The package's command line (run as `python -m chunky.cli` or through an
entry point): `from chunky import ...` is the package, not chunky/chunky.py."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from chunky import ChunkedTrainer, Tower


def main(steps=10_000):
    data = TensorDataset(torch.randn(8192, 128), torch.randn(8192, 128))
    loader = DataLoader(data, batch_size=256, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    trainer = ChunkedTrainer(Tower(128), loader)
    for step in range(steps):
        loss = trainer.step()  # ok: GPU201 (its .item() is reported in forward's chunk loop, once)
        print(f"step {step}: {loss:.4f}")  # expect: GPU206 "print"


if __name__ == "__main__":
    main()
