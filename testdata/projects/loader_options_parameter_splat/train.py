"""Hands each loop its loader options."""
import torch

from loops import fit, probe, score, tune, warm


def main(net, train_set, val_set, extra):
    net = net.cuda()
    warm(net, train_set)
    fit(net, train_set, dict(num_workers=8, pin_memory=True, persistent_workers=True))
    score(net, val_set, {"num_workers": 8, "pin_memory": True})
    score(net, val_set, {"num_workers": 0, "pin_memory": True})
    opts = dict(pin_memory=True)
    probe(net, val_set, dict(**extra, **opts))


if __name__ == "__main__":
    import sys

    main(torch.nn.Linear(8, 2), None, None, dict(arg.split("=") for arg in sys.argv[1:]))


def sweep(net, data, base):
    # The options merge the caller's base dict with an entry of its own.
    tune(net, data, dict(**base, pin_memory=True))


def sweeps(net, data):
    sweep(net, data, {"num_workers": 8, "persistent_workers": True})
