"""`labels.new(...)` and `new_zeros`/`new_full` make a tensor on the device
of the tensor they are called on: reading it back in the step is a sync."""
import torch
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")
net = torch.nn.Linear(4, 4).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
loader = DataLoader(TensorDataset(torch.randn(512, 4), torch.randn(512, 4)), batch_size=32, num_workers=2,
                    pin_memory=True, persistent_workers=True)

for epoch in range(10):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        marks = y.new(y.shape[0]).fill_(-1)
        marks[y[:, 0] > 0] = 1
        positives = (marks > 0).sum()
        weight = 1.0 / max(positives.item(), 1)  # expect: GPU201 "`positives.item()`"
        counts = y.new_zeros(4) + (y > 0).sum(0)
        loss = ((net(x) - y) ** 2).mean() * weight + counts.float().mean() * 0
        opt.zero_grad()
        loss.backward()
        opt.step()
