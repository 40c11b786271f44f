"""Hands each loop its loader options."""
import torch

from loops import fit, probe, score, warm


def main(net, train_set, val_set, extra):
    net = net.cuda()
    warm(net, train_set)
    fit(net, train_set, dict(num_workers=8, pin_memory=True, persistent_workers=True))
    score(net, val_set, {"num_workers": 8, "pin_memory": True})
    score(net, val_set, {"num_workers": 0, "pin_memory": True})
    opts = dict(pin_memory=True)
    probe(net, val_set, dict(**extra, **opts))


if __name__ == "__main__":
    main(torch.nn.Linear(8, 2), None, None, {})
