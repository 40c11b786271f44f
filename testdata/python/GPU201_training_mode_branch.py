"""nn.Module.train() sets `self.training` on a model and every submodule,
and eval() clears it: a read under `if self.training:` in a forward runs on
every step of a training loop, and never in an evaluation loop run after
model.eval(). A detector's target assignment and a loss normaliser are
typical. A module that only an evaluation loop calls stays silent."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")


class TargetAssigner(nn.Module):
    def forward(self, labels):
        positives = torch.sum(labels >= 0)
        return labels / positives.item()  # expect: GPU201 "`positives.item()` copies the GPU tensor `positives` to the host on every step of the training step loop"


class Detector(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(16, 4)
        self.assign = TargetAssigner()

    def forward(self, x, labels):
        out = self.head(x)
        if self.training:
            targets = self.assign(labels)
            scale = float(out.abs().max())  # expect: GPU201 "`float(out.abs().max())`"
        else:
            targets, scale = labels, 1.0
        return ((out - targets) ** 2).mean() / scale


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        out = self.head(x)
        if self.training:
            print(out.norm().item())  # ok: GPU201 (only the evaluation loop calls it, after eval(): not taken)
        return out


data = TensorDataset(torch.randn(512, 16), torch.randn(512, 4))
loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
model = Detector().to(device)
scorer = Scorer().to(device).eval()
opt = torch.optim.SGD(model.parameters(), lr=0.1)

for epoch in range(10):
    model.train()
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = model(x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    total = torch.zeros((), device=device)
    with torch.no_grad():
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            total += model(x, y) + scorer(x).sum()
    print(total.item())
