import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class Patches(L.LightningDataModule):
    """Lightning iterates what train_dataloader/val_dataloader return once per epoch."""

    def setup(self, stage=None):
        self.train_set = TensorDataset(torch.rand(4096, 3, 32, 32))
        self.val_set = TensorDataset(torch.rand(512, 3, 32, 32))

    def train_dataloader(self):
        return DataLoader(self.train_set, batch_size=64, shuffle=True, num_workers=8, pin_memory=True)  # expect: GPU105 "each of the 50 epochs (max_epochs=50)"

    def val_dataloader(self):
        return DataLoader(self.val_set, batch_size=64, num_workers=8, pin_memory=True,
                          persistent_workers=False)  # expect: GPU105 "with persistent_workers=False"

    def test_dataloader(self):
        return DataLoader(self.val_set, batch_size=64, num_workers=8, pin_memory=True)  # ok: GPU105 — a test run iterates it once

    def predict_dataloader(self):
        return DataLoader(self.val_set, batch_size=64, num_workers=8, pin_memory=True, persistent_workers=True)  # ok: persistent
