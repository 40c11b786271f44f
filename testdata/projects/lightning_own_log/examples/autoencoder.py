"""An example model of the framework's repository: `self.log` in training_step
is deferred by the framework, not a log written every step."""
import torch
import torch.nn.functional as F

from lightning.pytorch import LightningModule


class AutoEncoder(LightningModule):
    def __init__(self):
        super().__init__()
        self.encoder = torch.nn.Linear(784, 64)
        self.decoder = torch.nn.Linear(64, 784)

    def training_step(self, batch, batch_idx):
        x, _ = batch
        loss = F.mse_loss(self.decoder(self.encoder(x)), x)
        self.log("train_loss", loss)  # ok: GPU206 (recorded; the framework's logger writes every N steps)
        self.log("lr", 0.1, prog_bar=True)  # ok: GPU206
        print(f"batch {batch_idx} done")  # expect: GPU206 "every step of the Lightning training_step"
        return loss

    def validation_step(self, batch, batch_idx):
        x, _ = batch
        loss = F.mse_loss(self.decoder(self.encoder(x)), x)
        self.log("val_loss", loss)  # ok: GPU206
