# Lightning hooks whose loaders have workers, under Trainers that say
# nothing for sure about a second epoch: a step budget (max_steps) may end
# the run inside the first epoch, so the workers' restarts are not claimed.
import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class Tokens(L.LightningDataModule):
    def train_dataloader(self):
        data = TensorDataset(torch.randint(0, 100, (2048, 64)))
        return DataLoader(data, batch_size=32, shuffle=True, num_workers=4, pin_memory=True)  # ok: GPU105 — max_steps may end the run first


class Model(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(100, 16)

    def training_step(self, batch, batch_idx):
        (ids,) = batch
        return self.emb(ids).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


if __name__ == "__main__":
    L.Trainer(accelerator="gpu", max_steps=500).fit(Model(), datamodule=Tokens())
