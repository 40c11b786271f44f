import pytorch_lightning as pl
from torch import nn


class TaskBase(pl.LightningModule):
    """Shared logging for every task; the subclasses are LightningModules too."""

    def __init__(self, log_every=50):
        super().__init__()
        self.log_every = log_every


class PlainBase(nn.Module):
    def __init__(self):
        super().__init__()
