# Lightning picks every visible GPU itself (devices="auto").
import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters())


if __name__ == "__main__":
    data = TensorDataset(torch.randn(1024, 8), torch.randn(1024, 1))
    loader = DataLoader(data, batch_size=128, num_workers=2, pin_memory=True, persistent_workers=True)
    L.Trainer(max_epochs=1).fit(Regressor(), loader)
