# The loss is read back through a project helper (`to_host(loss).item()`) and
# the record is handed to a logging helper in the same step: one event, which
# GPU201 reports at the read; the log call itself is not a second finding.
# A record built from host values only is GPU206's.
import torch
from torch.utils.data import DataLoader

from board import ScalarBoard
from fetch import to_host


def fit(net, ds, epochs=3):
    dev = torch.device("cuda")
    net.to(dev)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    board = ScalarBoard("runs")
    loader = DataLoader(ds, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    step = 0
    for epoch in range(epochs):
        for xb, yb in loader:
            xb, yb = xb.to(dev, non_blocking=True), yb.to(dev, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(net(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            record = [("lr", 0.1), ("loss", to_host(loss).item())]  # expect: GPU201 "to_host(loss)"
            board.write_all(record, step)  # ok: the same logging event as the read above
            step += 1


def fit_counted(net, ds, epochs=3):
    dev = torch.device("cuda")
    net.to(dev)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    board = ScalarBoard("runs")
    loader = DataLoader(ds, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    seen = torch.zeros(1)
    for epoch in range(epochs):
        for xb, yb in loader:
            xb, yb = xb.to(dev, non_blocking=True), yb.to(dev, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(net(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            seen += 1
            record = [("seen", to_host(seen).item())]  # ok: a host counter, nothing is read from the GPU
            board.write_all(record, 0)  # expect: GPU206 "logs on every step"
