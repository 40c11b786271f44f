# A step loop that draws its batches by hand, `batch = next(stream)`, from a
# wrapper class that cycles over a loader Fabric prepared (its __next__
# re-opens `iter(self.source)` at the end of each pass), the loader coming
# back from a helper that prepares it: every batch is on the device, so a
# per-step .item() of a batch field waits for the GPU. A wrapper over a
# list of host tensors, and a helper that hands back the loader unprepared,
# give host batches: nothing is known to be on the GPU there.
import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class Endless:
    """Walks an iterable over and over, counting the passes."""

    def __init__(self, source):
        self.source = source
        self.passes = 0
        self._walk = None

    def __next__(self):
        if self._walk is None:
            self._walk = iter(self.source)
        try:
            return next(self._walk)
        except StopIteration:
            self.passes += 1
            self._walk = iter(self.source)
            return next(self._walk)


def make_loaders(fabric, data):
    train = DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    held_out = DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    train, held_out = fabric.setup_dataloaders(train, held_out)
    return train, held_out


def make_plain_loader(data):
    return DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)


def fit(fabric, net, opt, train_loader, steps):
    stream = Endless(train_loader)
    seen = 0
    done = 0
    while done < steps:
        batch = next(stream)
        ids, lengths = batch
        loss = net(ids).float().mean()
        fabric.backward(loss)
        opt.step()
        opt.zero_grad()
        done += 1
        seen += lengths.sum().item()  # expect: GPU201 "fabric.setup_dataloaders"
    return seen


def fit_plain(fabric, net, opt, steps):
    data = [(torch.zeros(4, 16, dtype=torch.long), torch.ones(4, dtype=torch.long))] * 8
    stream = Endless(data)
    seen = 0
    for _ in range(steps):
        ids, lengths = next(stream)
        loss = net(ids.to(fabric.device)).float().mean()
        fabric.backward(loss)
        opt.step()
        opt.zero_grad()
        seen += lengths.sum().item()  # ok: the wrapper cycles over host tensors
    return seen


def fit_unprepared(fabric, net, opt, loader, steps):
    stream = iter(loader)
    seen = 0
    for _ in range(steps):
        ids, lengths = next(stream)
        loss = net(ids.to(fabric.device, non_blocking=True)).float().mean()  # expect: GPU104 "copies a pinned batch"
        fabric.backward(loss)
        opt.step()
        opt.zero_grad()
        seen += lengths.sum().item()  # ok: the helper hands back the loader as DataLoader made it
    return seen


def main():
    fabric = L.Fabric(accelerator="cuda", devices=1)
    fabric.launch()
    data = TensorDataset(torch.randint(0, 100, (512, 16)), torch.randint(1, 16, (512,)))
    train_loader, _ = make_loaders(fabric, data)
    net = torch.nn.Sequential(torch.nn.Embedding(100, 64), torch.nn.Linear(64, 1))
    opt = torch.optim.AdamW(net.parameters())
    net, opt = fabric.setup(net, opt)
    fit(fabric, net, opt, train_loader, 100)
    fit_plain(fabric, net, opt, 100)
    fit_unprepared(fabric, net, opt, make_plain_loader(data), 100)


if __name__ == "__main__":
    main()
