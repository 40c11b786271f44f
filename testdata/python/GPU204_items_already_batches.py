# batch_size=1 that counts batches, not samples: each item of the dataset is
# a whole chunk the step loop unwraps with [0], or an index that the
# collate function expands into a batch of rays. A loader of single samples
# whose items the loop uses whole stays a tiny batch.
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

dev = torch.device("cuda")
net = torch.nn.Sequential(torch.nn.Linear(3, 64), torch.nn.ReLU(), torch.nn.Linear(64, 1)).to(dev)
opt = torch.optim.Adam(net.parameters())


class PointChunks(Dataset):
    def __len__(self):
        return 100

    def __getitem__(self, i):
        pts = np.random.rand(2 ** 18, 3).astype(np.float32)
        return {"xyz": pts, "d": np.linalg.norm(pts, axis=1, keepdims=True).astype(np.float32)}


class Rays:
    def __init__(self, n_views):
        self.pixels = torch.rand(n_views, 640 * 480, 3, device=dev)
        self.n_views = n_views

    def gather(self, idx):
        pick = torch.randint(0, self.pixels.shape[1], (4096,), device=dev)
        return {"rgb": self.pixels[idx[0]][pick], "pix": pick}


chunks = DataLoader(PointChunks(), batch_size=1, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)  # ok: the loop unwraps each chunk with [0]
for epoch in range(20):
    for chunk in chunks:
        x = chunk["xyz"][0].to(dev, non_blocking=True)
        y = chunk["d"][0].to(dev, non_blocking=True)
        loss = (net(x) - y).abs().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()

rays = Rays(100)
views = DataLoader(list(range(rays.n_views)), batch_size=1, collate_fn=rays.gather, shuffle=True)  # ok: each index becomes 4096 rays
for epoch in range(20):
    for batch in views:
        loss = (net(batch["pix"].float()[:, None].expand(-1, 3)) - batch["rgb"][:, :1]).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()

singles = DataLoader(PointChunks(), batch_size=1, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)  # expect: GPU204 "batch size is 1"
for epoch in range(20):
    for sample in singles:
        x = sample["xyz"].to(dev, non_blocking=True)
        loss = net(x).abs().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
