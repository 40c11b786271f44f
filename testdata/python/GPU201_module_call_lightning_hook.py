"""A LightningModule keeps a running average of its weights in a project
module and calls it per step (`self.tracker(self.net)`): the call runs the
module's forward, whose test of a GPU counter (`if self.steps_seen >= 0:`)
reads it to the host on every step. The same module updated from
on_train_batch_end with its counter in a registered buffer is a per-step sync
too: Lightning moves the module, with the buffers of its children, to the
GPU, and that hook runs after every batch."""
import torch
from torch import nn
import pytorch_lightning as pl


class RunningAverage(nn.Module):
    def __init__(self, net, decay=0.999):
        super().__init__()
        self.decay = decay
        self.steps_seen = torch.zeros((), dtype=torch.int, device="cuda")
        self.shadow = [p.detach().clone() for p in net.parameters()]

    def forward(self, net):
        rate = self.decay
        if self.steps_seen >= 0:  # expect: GPU201 "through tracker() called at line"
            self.steps_seen += 1
            rate = min(self.decay, (1 + self.steps_seen) / (10 + self.steps_seen))
        with torch.no_grad():
            for avg, p in zip(self.shadow, net.parameters()):
                avg.lerp_(p, 1 - rate)


class BufferedAverage(nn.Module):
    def __init__(self, net, decay=0.999):
        super().__init__()
        self.decay = decay
        self.register_buffer("count", torch.tensor(0, dtype=torch.int))
        self.names = [name for name, _ in net.named_parameters()]
        for name, p in net.named_parameters():
            self.register_buffer(name.replace(".", "_"), p.detach().clone())

    def forward(self, net):
        factor = self.decay
        if self.count >= 0:  # expect: GPU201 "It is a buffer the module registers at line 34"
            self.count += 1
            factor = min(self.decay, (1 + self.count) / (10 + self.count))
        held = dict(self.named_buffers())
        with torch.no_grad():
            for name, p in net.named_parameters():
                held[name.replace(".", "_")].sub_((1.0 - factor) * (held[name.replace(".", "_")] - p))


class Denoiser(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8, 8)
        self.tracker = RunningAverage(self.net)
        self.buffered = BufferedAverage(self.net)

    def training_step(self, batch, batch_idx):
        self.tracker(self.net)
        return (self.net(batch) - batch).pow(2).mean()

    def on_train_batch_end(self, *args, **kwargs):
        self.buffered(self.net)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
