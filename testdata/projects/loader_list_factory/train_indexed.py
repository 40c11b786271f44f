"""Reads the loaders out of the factory's lists by position."""
import torch

from loaders import create_host_and_pinned, create_loaders, create_mixed_loaders


def fit(model, data_loader, optimizer, device):
    for x in data_loader:
        x = x.cuda()  # expect: GPU104 "`x.cuda()` copies a pinned batch"
        loss = model(x).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def fit_mixed(model, data_loader, optimizer, device):
    for x in data_loader:
        loss = model(x.to(device)).pow(2).mean()  # ok: GPU104 (the list also holds loaders handed in)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def fit_either(model, data_loader, optimizer, device):
    for x in data_loader:
        loss = model(x.to(device)).pow(2).mean()  # expect: GPU104 "other loaders that reach this loop do not pin"
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def main(extra_loaders):
    device = torch.device("cuda")
    model = torch.nn.Linear(16, 16).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    data = [torch.randn(256, 16), torch.randn(64, 16)]
    loaders = create_loaders(data, [32, 64], [4, 4], [True, False])
    for epoch in range(10):
        fit(model, loaders[0], optimizer, device)
    mixed = create_mixed_loaders(data, extra_loaders)
    for epoch in range(10):
        fit_mixed(model, mixed[0], optimizer, device)
    either = create_host_and_pinned(data)
    for epoch in range(10):
        fit_either(model, either[1], optimizer, device)
