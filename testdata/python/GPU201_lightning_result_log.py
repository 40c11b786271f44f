"""Lightning 1.0's step results: `result.log(...)` of a `pl.TrainResult` /
`pl.EvalResult` feeds the same store as `self.log`, which Lightning reduces
and writes every `log_every_n_steps`: no read per step. A plain logger's
`.log(...)` of the same tensor does read it on every step."""
import pytorch_lightning as pl
import torch
import torch.nn as nn
import torch.nn.functional as F


class Denoiser(pl.LightningModule):
    def __init__(self, tracker):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 3, 3, padding=1))
        self.tracker = tracker

    def training_step(self, batch, batch_idx):
        clean, noisy = batch
        loss = F.mse_loss(self.net(noisy), clean)
        result = pl.TrainResult(minimize=loss)
        result.log("train_loss", loss, on_step=True)  # ok: GPU201 (Lightning's result store, written every log_every_n_steps)
        self.tracker.log({"loss": loss.item()})  # expect: GPU201 "loss.item()"
        return result

    def validation_step(self, batch, batch_idx):
        clean, noisy = batch
        loss = F.mse_loss(self.net(noisy), clean)
        result = pl.EvalResult(checkpoint_on=loss)
        result.log("val_loss", loss)  # ok: GPU201 (Lightning's result store)
        return result

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
