"""Loader classes of the project: one keeps its iterator (and workers) for the whole run."""
import torch


class EndlessLoader(torch.utils.data.DataLoader):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._batches = super().__iter__()

    def __iter__(self):
        for _ in range(len(self.batch_sampler)):
            yield next(self._batches)


class PlainLoader(torch.utils.data.DataLoader):
    """Adds a helper, keeps DataLoader's constructor and iteration."""

    def samples(self):
        return len(self.dataset)


def build_loader(dataset, workers, endless=True):
    loader_cls = EndlessLoader if endless else PlainLoader
    return loader_cls(dataset, batch_size=32, shuffle=True, num_workers=workers, pin_memory=True)  # ok: GPU105 (EndlessLoader keeps its workers)
