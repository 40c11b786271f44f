"""A LightningDataModule keeps its loader settings with
`self.save_hyperparameters()` and reads them back as `self.hparams.<name>`:
each is the __init__ argument the module was built with. The training
module is built with `workers=0` (GPU101); the validation one with 6
workers and pinned memory stays silent."""
import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class Shards(L.LightningDataModule):
    def __init__(self, batch_size: int = 256, workers: int = 8, pinned: bool = True):
        super().__init__()
        self.save_hyperparameters()
        self.rows = TensorDataset(torch.randn(50_000, 32), torch.randint(0, 4, (50_000,)))

    def train_dataloader(self):
        return DataLoader(self.rows, batch_size=self.hparams.batch_size, shuffle=True,
                          num_workers=self.hparams.workers,  # expect: GPU101 "passed as workers to __init__()"
                          pin_memory=self.hparams.pinned)


class Probe(L.LightningDataModule):
    def __init__(self, workers: int = 0, pinned: bool = False):
        super().__init__()
        self.save_hyperparameters()
        self.rows = TensorDataset(torch.randn(5_000, 32), torch.randint(0, 4, (5_000,)))

    def train_dataloader(self):
        return DataLoader(self.rows, batch_size=256, num_workers=self.hparams.workers,  # ok: GPU101 (built with workers=6)
                          pin_memory=self.hparams.pinned, persistent_workers=True)  # ok: GPU103 (built with pinned=True)


class Classifier(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 4))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    trainer = L.Trainer(accelerator="gpu", devices=1, max_epochs=20)
    trainer.fit(Classifier(), datamodule=Shards(workers=0))
    trainer.fit(Classifier(), datamodule=Probe(workers=6, pinned=True))
