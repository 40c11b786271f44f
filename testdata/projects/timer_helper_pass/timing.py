import time

import torch


def synced_clock():
    if torch.cuda.is_available():
        torch.cuda.synchronize()
    return time.perf_counter()
