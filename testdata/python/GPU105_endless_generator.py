"""Endless batch generators: each pass of `while True` over a DataLoader is
one epoch of it, and its workers restart at every pass unless persistent."""
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class Tiles(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return torch.randn(3, 32, 32), i % 10


def endless_tiles(n, batch_size):
    loader = DataLoader(Tiles(n), batch_size=batch_size, shuffle=True, num_workers=4, pin_memory=True, drop_last=True)  # expect: GPU105 "endless `while` loop"
    while True:
        yield from loader


def repeat(dl):
    while True:
        for batch in dl:
            yield batch


def kept_tiles(n, batch_size):
    loader = DataLoader(Tiles(n), batch_size=batch_size, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)  # ok: GPU105 (persistent workers survive each pass)
    while True:
        yield from loader


def preview_tiles(n):
    loader = DataLoader(Tiles(n), batch_size=16, num_workers=2, pin_memory=True)  # ok: GPU105 (only one batch is drawn, outside any step loop)
    while True:
        yield from loader


def fit(model, opt, batches, steps, device):
    for step in range(steps):
        x, y = next(batches)
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()


def main():
    device = torch.device("cuda")
    model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3 * 32 * 32, 10)).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    first, _ = next(preview_tiles(1000))
    print(first.shape)
    fit(model, opt, endless_tiles(50000, 128), 100000, device)
    fit(model, opt, kept_tiles(50000, 128), 100000, device)
    shared = DataLoader(Tiles(20000), batch_size=64, shuffle=True, num_workers=2, pin_memory=True)  # expect: GPU105 "without persistent_workers=True"
    fit(model, opt, repeat(shared), 100000, device)


if __name__ == "__main__":
    main()
