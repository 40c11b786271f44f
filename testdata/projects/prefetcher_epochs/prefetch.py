"""A prefetcher that copies the next batch to the GPU while the current one runs."""
import torch


class CudaPrefetcher:
    def __init__(self, loader, device):
        self.batches = iter(loader)
        self.device = device
        self.stream = torch.cuda.Stream()
        self.preload()

    def preload(self):
        try:
            self.ready = next(self.batches)
        except StopIteration:
            self.ready = None
            return
        with torch.cuda.stream(self.stream):
            self.ready = [t.to(self.device, non_blocking=True) for t in self.ready]

    def next(self):
        torch.cuda.current_stream().wait_stream(self.stream)
        batch = self.ready
        self.preload()
        return batch
