# The run's device lives here: a constant, and a setup helper that returns
# the rank and the device as a pair. Nothing in this file puts a tensor on
# a device; the scripts that import it do.
import torch

DEVICE = "cuda"
HOST = "cpu"


def init_compute(kind="cuda"):
    rank = 0
    if kind == "cuda":
        dev = torch.device("cuda", rank)
        torch.cuda.set_device(dev)
    else:
        dev = torch.device(kind)
    return rank, dev


def say(message):
    print(message)
