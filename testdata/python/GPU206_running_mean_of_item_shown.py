"""A per-batch loss read with .item() and fed to a running-mean recorder, whose
mean the progress bar shows on the same pass: the read is GPU201's finding and
the display of its running mean is the same logging event (one guard fixes
both), whether the mean is named first or written in the call. A progress line
of values no read feeds stays GPU206."""
import torch
import torch.nn as nn
from tqdm import tqdm


class RunningMean:
    def __init__(self, window=100):
        self.values = []
        self.window = window

    def add(self, value):
        self.values = (self.values + [value])[-self.window:]

    @property
    def mean(self):
        return sum(self.values) / max(1, len(self.values))


@torch.no_grad()
def validate(model, loader, device):
    recorder = RunningMean()
    bar = tqdm(total=len(loader))
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = nn.functional.mse_loss(model(x), y)
        current = loss.item()  # expect: GPU201 "copies the GPU tensor `loss`"
        recorder.add(current)
        bar.update(1)
        bar.set_postfix({"val_avg": recorder.mean})  # ok: GPU206 (shows the running mean of the .item() read: one event)
        bar.set_postfix({"seen": bar.n})  # expect: GPU206 "logs on every batch"
    return recorder.mean


device = torch.device("cuda")
net = nn.Linear(16, 1).to(device)
rows = torch.utils.data.TensorDataset(torch.randn(4096, 16), torch.randn(4096, 1))
print(validate(net, torch.utils.data.DataLoader(rows, batch_size=64, num_workers=2, pin_memory=True), device))
