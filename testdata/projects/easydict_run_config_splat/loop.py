"""The training loop takes the run config as keywords, its loader options
among them, and splats those into the DataLoader."""
import torch


def run(dataset, loader_kwargs={}, probe_kwargs={}, batch=32, steps=1000, resume=None):
    device = torch.device("cuda")
    net = torch.nn.Linear(8, 8).to(device)
    opt = torch.optim.Adam(net.parameters())
    batches = iter(torch.utils.data.DataLoader(dataset, batch_size=batch, **loader_kwargs))
    probes = iter(torch.utils.data.DataLoader(dataset, batch_size=batch, **probe_kwargs))  # ok: GPU101 (the entries are set only with --fast), GPU103 (as GPU101)
    for step in range(steps):
        x, y = next(batches)
        x = x.to(device)  # expect: GPU104 "train.py:16) on every step"
        loss = torch.nn.functional.mse_loss(net(x), y.to(device, non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
        p, _ = next(probes)
        net(p.to(device))  # ok: GPU104 (whether the probe loader pins is unknown)
