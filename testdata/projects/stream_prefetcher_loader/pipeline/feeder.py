"""A loader factory that wraps its DataLoader in a side-stream feeder: the
feeder's __iter__ walks the wrapped loader and copies each batch to the GPU
one batch ahead, so the step loop sees device tensors only."""
import torch
from torch.utils.data import DataLoader


class StreamFeeder:
    def __init__(self, source, device):
        self.source, self.device = source, device  # tuple assignment: each attribute keeps its own value

    def __iter__(self):
        copy_stream = torch.cuda.Stream()
        pending = None
        for images, labels in self.source:
            with torch.cuda.stream(copy_stream):
                ready = (images.to(self.device, non_blocking=True), labels.to(self.device, non_blocking=True))
            if pending is not None:
                yield pending
            torch.cuda.current_stream().wait_stream(copy_stream)
            pending = ready
        if pending is not None:
            yield pending

    def __len__(self):
        return len(self.source)


def build_feeder(dataset, batch_size, workers, pinned=False, device=torch.device("cuda")):
    loader = DataLoader(dataset, batch_size=batch_size, shuffle=True, num_workers=workers,
                        pin_memory=pinned, persistent_workers=True)  # expect: GPU103 "by StreamFeeder.__iter__"
    return StreamFeeder(loader, device)


def build_pinned_feeder(dataset, batch_size, workers, device=torch.device("cuda")):
    loader = DataLoader(dataset, batch_size=batch_size, num_workers=workers,
                        pin_memory=True, persistent_workers=True)  # ok: pinned, and the feeder copies non_blocking
    return StreamFeeder(loader, device)
