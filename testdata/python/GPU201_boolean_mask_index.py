"""Selecting with a boolean GPU mask (`logits[valid]`) gives a tensor whose
size is the mask's count of True: the host reads that count (a nonzero)
before it can allocate the result, on every step. One finding per mask, at
its first use. Writing through a mask (`x[mask] = 0`, a masked fill), an
integer index, a mask made on the host and a masked mean that keeps the
shape fixed read nothing."""
import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")
net = torch.nn.Linear(16, 5).to(device)
opt = torch.optim.Adam(net.parameters())
data = TensorDataset(torch.randn(4096, 16), torch.randint(-1, 5, (4096,)))
loader = DataLoader(data, batch_size=128, num_workers=4, pin_memory=True, persistent_workers=True)
criterion = torch.nn.functional.cross_entropy
host_keep = np.ones(128, dtype=bool)

for epoch in range(10):
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        logits = net(x)
        valid = y >= 0
        masked = (torch.nn.functional.cross_entropy(logits, y.clamp(min=0), reduction="none") * valid).sum() / valid.sum()  # ok: GPU201 (fixed shape)
        top = logits[torch.arange(len(y), device=device), y.clamp(min=0)]  # ok: GPU201 (integer indexes)
        keep_rows = torch.from_numpy(host_keep) > 0
        noise = torch.randn(128, 16)[keep_rows]  # ok: GPU201 (a host tensor and a host mask)
        if step % 100 == 0:
            rare = logits[valid].mean()  # ok: GPU201 (every 100 steps)
        loss = criterion(logits[valid], y[valid])  # expect: GPU201 "`logits[valid]` returns a tensor whose size depends on values on the GPU"
        opt.zero_grad()
        (loss + masked + top.mean() * 0).backward()
        logits[~valid] = 0.0  # ok: GPU201 (a masked fill writes in place, with no read)
        confident = logits.detach().softmax(-1).amax(-1)
        sure = logits[(confident > 0.9) & valid]  # expect: GPU201 "weight by the mask"
        opt.step()
        onehot = torch.nn.functional.one_hot(y.clamp(min=0), 5)
        positives = logits[onehot.bool()]  # expect: GPU201 "`logits[onehot.bool()]`"
        negatives = logits[~onehot.bool()]  # ok: GPU201 (the same mask: part of the finding above)
