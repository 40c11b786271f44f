import time

import torch


def synced_time():
    """The time once the GPU has finished what was queued (for honest per-batch timings)."""
    if torch.cuda.is_available():
        torch.cuda.synchronize()
    return time.time()
