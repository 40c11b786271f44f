"""A legacy CUDA tensor type picked by availability (`LongT = torch.cuda.LongTensor if cuda else
torch.LongTensor`) called on a NumPy array held in a name: a blocking copy of host data, the first
to wait for what the optimizer step queued. A name bound to a tensor already on the GPU copies
nothing from the host."""
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

cuda = torch.cuda.is_available()
LongT = torch.cuda.LongTensor if cuda else torch.LongTensor

net = nn.Linear(16, 4)
head = nn.Linear(4, 4)
if cuda:
    net.cuda()
    head.cuda()
opt = torch.optim.Adam(list(net.parameters()) + list(head.parameters()))
loader = DataLoader(TensorDataset(torch.randn(1024, 16)), batch_size=64, shuffle=True, num_workers=4,
                    pin_memory=True, persistent_workers=True)

for epoch in range(50):
    for step, (x,) in enumerate(loader):
        x = x.cuda(non_blocking=True)
        loss = net(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        picks = np.random.randint(0, 4, x.shape[0])
        target = LongT(picks)  # expect: GPU201 "`LongT(picks)` builds a CUDA tensor from host data"
        drawn = torch.randint(0, 4, (x.shape[0],), device="cuda")
        again = LongT(drawn)  # ok: GPU201 (already on the GPU: nothing comes from the host)
        aux = nn.functional.cross_entropy(head(net(x)), target) + nn.functional.cross_entropy(head(net(x)), again)
        aux.backward()
        opt.step()
