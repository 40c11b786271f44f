# A validation loader drawn one batch every 100 steps (`next(val_iter)` under
# a periodic guard) is loaded in the main process on 1% of the steps: the
# step loop hardly waits for it, and its copy is as rare. The same loader
# drawn on every step keeps both findings, and so does one that is also
# iterated elsewhere.
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class Windows(Dataset):
    def __init__(self, n):
        self.data = np.memmap("tokens.bin", dtype=np.uint16, mode="r", shape=(n,))

    def __getitem__(self, i):
        return torch.from_numpy(self.data[i:i + 65].astype(np.int64))

    def __len__(self):
        return len(self.data) - 65


def cycle(loader):
    while True:
        yield from loader


train_iter = cycle(DataLoader(Windows(10_000), batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True))
val_iter = cycle(DataLoader(Windows(10_000), batch_size=32))  # ok: GPU101 GPU103 (one batch every 100 steps)
aux_iter = cycle(DataLoader(Windows(10_000), batch_size=32))  # expect: GPU101 GPU103
model = torch.nn.Embedding(256, 8).cuda()
opt = torch.optim.Adam(model.parameters())
for step in range(100_000):
    x = next(train_iter).cuda(non_blocking=True)
    aux = next(aux_iter).cuda()
    loss = model(x).mean() + model(aux).mean()
    loss.backward()
    opt.step()
    opt.zero_grad()
    if step % 100 == 0:
        with torch.no_grad():
            val = model(next(val_iter).cuda()).mean()
