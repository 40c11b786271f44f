# A LightningDataModule whose train and validation loaders have workers but
# not persistent ones, run for 50 epochs by the Trainer of another module:
# Lightning re-iterates both loaders every epoch, so their workers restart
# each time. The test and predict loaders run once per call.
import lightning as L
import torch
from torch import nn

from data import Patches


class Denoiser(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Conv2d(3, 3, 3, padding=1)

    def training_step(self, batch, batch_idx):
        (x,) = batch
        return ((self.net(x + 0.1 * torch.randn_like(x)) - x) ** 2).mean()

    def validation_step(self, batch, batch_idx):
        (x,) = batch
        self.log("val", ((self.net(x) - x) ** 2).mean())

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    L.Trainer(accelerator="gpu", devices=1, max_epochs=50).fit(Denoiser(), datamodule=Patches())
