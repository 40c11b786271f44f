# A LightningModule through a base class of the same file is a
# LightningModule: the Trainer moves its batches to the GPU and runs its
# training_step on every step. A subclass of a plain nn.Module base with a
# method of the same name is not a Lightning task.
import pytorch_lightning as pl
import torch
from torch import nn


class DenoiseBase(pl.LightningModule):
    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


class Denoiser(DenoiseBase):
    def __init__(self):
        super().__init__()
        self.net = nn.Conv2d(1, 1, 3, padding=1)

    def training_step(self, batch, batch_idx):
        noisy, clean = batch
        loss = nn.functional.l1_loss(self.net(noisy), clean)
        self.log("peak", clean.amax().item())  # expect: GPU201 "Lightning training_step"
        return loss


class Block(nn.Module):
    pass


class Scorer(Block):
    def training_step(self, batch):
        return batch.sum().item()  # ok: a plain module's method, called by no step loop
