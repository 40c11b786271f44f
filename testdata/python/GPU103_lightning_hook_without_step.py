"""Lightning iterates a datamodule's val/test loaders only for a module
that defines validation_step/test_step: here the module validates but has
no test_step, so the pageable test loader is never copied from (trainer.test
would stop before iterating it)."""
import pytorch_lightning as pl
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Clips(pl.LightningDataModule):
    def setup(self, stage=None):
        self.parts = {k: TensorDataset(torch.randn(256, 3, 32, 32)) for k in ("fit", "check", "holdout")}

    def train_dataloader(self):
        return DataLoader(self.parts["fit"], batch_size=64, num_workers=4, persistent_workers=True, pin_memory=True)

    def val_dataloader(self):
        return DataLoader(self.parts["check"], batch_size=64, num_workers=4)  # expect: GPU103 "pageable host memory", GPU105 "persistent_workers"

    def test_dataloader(self):
        return DataLoader(self.parts["holdout"], batch_size=64, num_workers=4)  # ok: GPU103 (no module defines test_step)


class Smoother(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Conv2d(3, 3, 3, padding=1)

    def training_step(self, batch, batch_idx):
        (x,) = batch
        return (self.net(x) - x).pow(2).mean()

    def validation_step(self, batch, batch_idx):
        (x,) = batch
        self.log("val_mse", (self.net(x) - x).pow(2).mean())

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    trainer = pl.Trainer(accelerator="gpu", devices=1, max_epochs=5)
    trainer.fit(Smoother(), Clips())
