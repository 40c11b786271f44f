# Project wrappers around torch's parallel modules, imported by the training
# script from this package.
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel


class ScatterDataParallel(nn.DataParallel):
    """Splits a list-of-images batch across GPUs itself."""

    def scatter(self, inputs, kwargs, device_ids):
        per_gpu = (len(inputs[0]) + len(device_ids) - 1) // len(device_ids)
        chunks = [inputs[0][i * per_gpu:(i + 1) * per_gpu] for i in range(len(device_ids))]
        return [(c,) for c in chunks], [kwargs] * len(chunks)


class QuietDDP(DistributedDataParallel):
    """DDP that forwards attribute lookups to the wrapped module."""

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.module, name)
