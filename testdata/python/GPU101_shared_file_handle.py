# A dataset that opens one file in __init__ and reads each item with seek()
# and read(): with workers, the forked processes would share the file's one
# offset and read each other's records. The loader still loads in the main
# process, so the finding stays, but it asks for a handle per worker first
# and offers no edit that sets num_workers alone. A dataset that opens the
# file lazily per worker gets the plain finding and its fix.
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

device = torch.device("cuda")


class PackedRows(Dataset):
    def __init__(self, path, rows):
        self.stride = 4 * 9 * rows
        self.blob = open(path, "rb")

    def __len__(self):
        return 100

    def __getitem__(self, k):
        self.blob.seek(k * self.stride)
        raw = self.blob.read(self.stride)
        return torch.from_numpy(np.frombuffer(raw, dtype=np.int32).copy()).view(-1, 9)


class LazyRows(PackedRows):
    def __init__(self, path, rows):
        self.path, self.stride, self.blob = path, 4 * 9 * rows, None

    def __getitem__(self, k):
        if self.blob is None:
            self.blob = open(self.path, "rb")
        self.blob.seek(k * self.stride)
        return torch.from_numpy(np.frombuffer(self.blob.read(self.stride), dtype=np.int32).copy()).view(-1, 9)


def fit(loader, net, opt):
    for rows in loader:
        rows = rows.to(device, non_blocking=True).float()
        cost = (net(rows[:, 1:]).squeeze(1) - rows[:, 0]).pow(2).mean()
        opt.zero_grad()
        cost.backward()
        opt.step()


net = torch.nn.Linear(8, 1).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
shared = DataLoader(PackedRows("a.bin", 512), None, num_workers=0, pin_memory=True)  # expect: GPU101 "in each worker"
lazy = DataLoader(LazyRows("a.bin", 512), None, num_workers=0, pin_memory=True)  # expect: GPU101 "Set num_workers to"
fit(shared, net, opt)
fit(lazy, net, opt)
