"""Loaders handed to a Lightning Trainer's fit() (positionally or as
`train_dataloaders=`/`val_dataloaders=`): Lightning iterates them and moves
each batch to the GPU itself, on every epoch. Without pin_memory each copy
comes from pageable memory; without persistent_workers every epoch restarts
the workers. A test loader is iterated only for a module with a test_step,
a loader handed to something that is not a Trainer is not Lightning's, and a
Trainer that runs one batch (`limit_train_batches=1`, `fast_dev_run`) is a smoke test."""
import pytorch_lightning as pl
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(32, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.head(x), y)

    def validation_step(self, batch, batch_idx):
        x, y = batch
        self.log("val_mse", nn.functional.mse_loss(self.head(x), y))

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


class Profiler:
    def fit(self, model, loader):
        return sum(1 for _ in loader)


rows = TensorDataset(torch.randn(8192, 32), torch.randn(8192, 1))
train_loader = DataLoader(rows, batch_size=256, shuffle=True, num_workers=4)  # expect: GPU103 "by Lightning before every step", GPU105 "handed to the Trainer's fit()"
val_loader = DataLoader(rows, batch_size=256, num_workers=2, pin_memory=True, persistent_workers=True)  # ok: GPU103 GPU105 (pinned and persistent)
test_loader = DataLoader(rows, batch_size=256, num_workers=2)  # ok: GPU103 GPU105 (no test_step: Lightning never iterates it)
probe_loader = DataLoader(rows, batch_size=256, num_workers=2)  # ok: GPU103 GPU105 (handed to a project class, not a Trainer)
smoke_loader = DataLoader(rows, batch_size=256, num_workers=2)  # ok: GPU103 GPU105 (a smoke run of one batch)

trainer = pl.Trainer(accelerator="gpu", devices=1, max_epochs=20)
trainer.fit(Regressor(), train_loader, val_dataloaders=val_loader)
trainer.test(Regressor(), dataloaders=test_loader)
Profiler().fit(Regressor(), probe_loader)
pl.Trainer(accelerator="gpu", max_epochs=20, limit_train_batches=1).fit(Regressor(), smoke_loader)
