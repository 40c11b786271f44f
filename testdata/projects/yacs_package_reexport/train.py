# The defaults tree comes through the package's re-export, and the loader is
# a DataLoader subclass that wraps a fresh iterator on each epoch.
import queue
import threading

import torch
from torch.utils.data import DataLoader, TensorDataset

from settings import config


class Prefetching:
    def __init__(self, it, depth=4):
        self.q = queue.Queue(depth)
        threading.Thread(target=self._fill, args=(it,), daemon=True).start()

    def _fill(self, it):
        for item in it:
            self.q.put(item)
        self.q.put(None)

    def __iter__(self):
        return self

    def __next__(self):
        item = self.q.get()
        if item is None:
            raise StopIteration
        return item


class PrefetchLoader(DataLoader):
    def __iter__(self):
        return Prefetching(super().__iter__())


def main():
    device = torch.device("cuda")
    net = torch.nn.Linear(8, 3).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(2048, 8), torch.randint(0, 3, (2048,)))
    loader = PrefetchLoader(  # expect: GPU105 "persistent_workers"
        data,
        batch_size=config.OPTIM.BATCH,
        shuffle=True,
        num_workers=config.LOADER_THREADS,
        pin_memory=config.PIN,  # expect: GPU103 "yacs default PIN"
    )
    for _ in range(config.OPTIM.EPOCHS):
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(net(x.to(device)), y.to(device))
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
