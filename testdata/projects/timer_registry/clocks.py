"""Named clocks kept in a registry object, Megatron style: `clocks("fwd")`
returns the clock of that name, made on first use."""
import time

import torch


class SyncedClock:
    def __init__(self, label):
        self.label = label
        self.spent = 0.0
        self.t0 = 0.0

    def begin(self):
        torch.cuda.synchronize()  # the wall clock then covers the queued kernels
        self.t0 = time.perf_counter()

    def end(self):
        torch.cuda.synchronize()
        self.spent += time.perf_counter() - self.t0


class HostClock:
    def __init__(self, label):
        self.label = label
        self.spent = 0.0
        self.t0 = 0.0

    def begin(self):
        self.t0 = time.perf_counter()

    def end(self):
        self.spent += time.perf_counter() - self.t0


class SyncedClocks:
    def __init__(self):
        self.by_label = {}

    def __call__(self, label):
        if label not in self.by_label:
            self.by_label[label] = SyncedClock(label)
        return self.by_label[label]


class HostClocks:
    def __init__(self):
        self.by_label = {}

    def __call__(self, label):
        if label not in self.by_label:
            self.by_label[label] = HostClock(label)
        return self.by_label[label]


class MixedClocks:
    def __init__(self, synced):
        self.by_label = {}
        self.synced = synced

    def __call__(self, label):
        if label not in self.by_label:
            if self.synced:
                self.by_label[label] = SyncedClock(label)
            else:
                self.by_label[label] = HostClock(label)
        return self.by_label[label]
