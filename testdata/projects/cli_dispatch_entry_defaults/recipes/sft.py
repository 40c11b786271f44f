"""An entry run only through the package's command line (no call in the
project): its defaults are the run's unless the command line overrides them,
so `report_every=1` reports on every step."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from recipes.knobs import Knobs


def fit(net, opt, loader, knobs: Knobs, dev):
    total = torch.zeros((), device=dev)
    for it, (xb, yb) in enumerate(loader):
        xb, yb = xb.to(dev, non_blocking=True), yb.to(dev, non_blocking=True)
        loss = nn.functional.mse_loss(net(xb), yb)
        loss.backward()
        opt.step()
        opt.zero_grad()
        total += loss.detach()
        if it % knobs.report_every == 0:
            print(f"{it}: {total.item() / (it + 1):.4f}")  # expect: GPU201 "`knobs.report_every` resolves to 1"
        if it % knobs.save_every == 0:
            torch.save(net.state_dict(), "ckpt.pt")  # ok: GPU203 (every 1000 steps)


def setup(data, knobs: Knobs = Knobs(report_every=1)):
    dev = torch.device("cuda")
    loader = DataLoader(data, batch_size=64, num_workers=knobs.workers, pin_memory=True)
    net = nn.Linear(8, 1).to(dev)
    fit(net, torch.optim.SGD(net.parameters(), lr=0.1), loader, knobs, dev)


def debug(data, knobs: Knobs = Knobs(report_every=1, workers=0)):
    # Not a command: nothing runs it, so its defaults are nobody's values.
    loader = DataLoader(data, batch_size=64, num_workers=knobs.workers, pin_memory=True)  # ok: GPU101 (debug() is never run)
    for xb, yb in loader:
        print(xb.cuda().sum().item())
