# Loader options handed over as a dict splatted into the DataLoader: the
# script is judged on the GPU node, so a dict picked by a device test, or
# entries added to it on the CUDA path, are the loader's options there.
# Entries added under another condition stay unknown and fire nothing.
import argparse

import torch
import torch.nn.functional as F
from torchvision import datasets, transforms

parser = argparse.ArgumentParser()
parser.add_argument("--pin", action="store_true")
parser.add_argument("--no-accel", action="store_true")
args = parser.parse_args()


def fit(net, device, loader, opt):
    for xb, yb in loader:
        xb, yb = xb.to(device), yb.to(device)  # expect: GPU104 "the loader sets pin_memory=True at line 29", GPU104 "`yb.to(device)`"
        opt.zero_grad()
        F.cross_entropy(net(xb), yb).backward()
        opt.step()


def run_updated(use_cuda):
    device = torch.device("cuda" if use_cuda else "cpu")
    options = {"batch_size": 64, "shuffle": True}
    if use_cuda:
        options.update({"num_workers": 2, "pin_memory": True, "persistent_workers": True})
    data = datasets.MNIST(".", train=True, download=True, transform=transforms.ToTensor())
    net = torch.nn.Linear(784, 10).to(device)
    fit(net, device, torch.utils.data.DataLoader(data, **options), torch.optim.SGD(net.parameters(), lr=0.1))


def run_picked():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    extra = {"num_workers": 2, "pin_memory": True, "persistent_workers": True} if torch.cuda.is_available() else {}
    data = datasets.MNIST(".", train=True, download=True, transform=transforms.ToTensor())
    loader = torch.utils.data.DataLoader(data, batch_size=64, **extra)
    net = torch.nn.Linear(784, 10).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for xb, yb in loader:
        xb = xb.to(device)  # expect: GPU104 "the loader sets pin_memory=True at line 37"
        opt.zero_grad()
        F.cross_entropy(net(xb), yb.to(device, non_blocking=True)).backward()
        opt.step()


def run_flagged():
    device = torch.device("cuda")
    options = {"batch_size": 64, "num_workers": 2, "persistent_workers": True}
    if args.pin:
        options["pin_memory"] = True
    data = datasets.MNIST(".", train=True, download=True, transform=transforms.ToTensor())
    loader = torch.utils.data.DataLoader(data, **options)
    net = torch.nn.Linear(784, 10).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for xb, yb in loader:
        xb, yb = xb.to(device), yb.to(device)  # ok: GPU104 (pin_memory only with --pin: the options are not known)
        opt.zero_grad()
        F.cross_entropy(net(xb), yb).backward()
        opt.step()


def run_accelerated():
    # On by default: `not args.no_accel` is true as configured, so the
    # accelerator test decides, and the update runs on the GPU node.
    use_accel = not args.no_accel and torch.accelerator.is_available()
    device = torch.accelerator.current_accelerator() if use_accel else torch.device("cpu")
    options = {"batch_size": 64}
    if use_accel:
        options.update({"num_workers": 2, "pin_memory": True, "persistent_workers": True, "shuffle": True})
    loader = torch.utils.data.DataLoader(datasets.MNIST(".", transform=transforms.ToTensor()), **options)
    net = torch.nn.Linear(784, 10).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for xb, yb in loader:
        opt.zero_grad()
        F.cross_entropy(net(xb.to(device)), yb.to(device, non_blocking=True)).backward()  # expect: GPU104 "`xb.to(device)`"
        opt.step()
