# A Lightning CLI entry point: the Trainer, model and data module are
# configured by configs/fit.yaml (named by job.yaml); findings are there.
import lightning.pytorch as pl
import torch
from lightning.pytorch.cli import LightningCLI
from torch.utils.data import DataLoader
from torchvision import datasets, transforms


class ImageData(pl.LightningDataModule):
    def __init__(self, root: str = "/data", batch_size: int = 64, num_workers: int = 8):
        super().__init__()
        self.root = root
        self.batch_size = batch_size
        self.num_workers = num_workers

    def train_dataloader(self):
        data = datasets.ImageFolder(self.root, transform=transforms.ToTensor())
        return DataLoader(data, batch_size=self.batch_size, shuffle=True, num_workers=self.num_workers,
                          pin_memory=True, persistent_workers=self.num_workers > 0)


class Classifier(pl.LightningModule):
    def __init__(self, lr: float = 0.01):
        super().__init__()
        self.save_hyperparameters()
        self.net = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.LazyLinear(10))

    def training_step(self, batch, batch_idx):
        images, labels = batch
        loss = torch.nn.functional.cross_entropy(self.net(images), labels)
        self.log("train_loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=self.hparams.lr)


def main():
    LightningCLI(Classifier, ImageData)


if __name__ == "__main__":
    main()
