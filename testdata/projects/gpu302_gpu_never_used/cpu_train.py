# Trains on whatever device tensors start on: the CPU.
import torch
from torch.utils.data import DataLoader, TensorDataset

data = TensorDataset(torch.randn(2048, 16), torch.randint(0, 2, (2048,)))
loader = DataLoader(data, batch_size=64, shuffle=True, num_workers=4, persistent_workers=True)
model = torch.nn.Sequential(torch.nn.Linear(16, 64), torch.nn.ReLU(), torch.nn.Linear(64, 2))
opt = torch.optim.Adam(model.parameters())
for epoch in range(5):
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
