# A metric logger that takes its values as keywords and reads each tensor
# to the host: whether a call syncs depends on what that call passes.
import torch


class Meters:
    def __init__(self):
        self.values = {}

    def update(self, **kwargs):
        for name, value in kwargs.items():
            if isinstance(value, torch.Tensor):
                value = value.item()
            self.values.setdefault(name, []).append(value)


def over_budget(**limits):
    # Only the keyword it reads counts: `used` is a host count.
    return limits["used"] > limits["budget"]


def report_loss(**stats):
    print("loss", float(stats["loss"]))


def report_seen(**stats):
    print("seen", float(stats["seen"]))
