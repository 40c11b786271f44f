"""A LightningModule holding a ShadowAverage: the Trainer moves the module
and its children to the GPU, so the average's buffers are GPU tensors and
its warm-up test reads one back after every batch."""
import pytorch_lightning as pl
import torch

from averaging import ShadowAverage


class Denoiser(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(32, 32), torch.nn.SiLU(), torch.nn.Linear(32, 32))
        self.net_ema = ShadowAverage(self.net)

    def training_step(self, batch, batch_idx):
        noise = torch.randn_like(batch)
        return torch.nn.functional.mse_loss(self.net(batch + noise), noise)

    def on_train_batch_end(self, *args, **kwargs):
        self.net_ema(self.net)  # expect: GPU201 "forward() runs `self.updates >= 0`"

    def configure_optimizers(self):
        return torch.optim.AdamW(self.net.parameters(), lr=1e-4)


if __name__ == "__main__":
    data = torch.utils.data.DataLoader(torch.randn(1024, 32), batch_size=64, num_workers=4, pin_memory=True,
                                       persistent_workers=True)
    pl.Trainer(accelerator="gpu", devices=1, max_epochs=10).fit(Denoiser(), data)
