"""A tour of the basics that never touches a GPU (the same name bound twice).
A loader over tensors already in memory has nothing for a worker to load. A
loader whose name the file reads is kept even here: a short script may stand
for a training script whose GPU code lives elsewhere."""
import torch
from torch.utils.data import DataLoader, Dataset, TensorDataset


class Sketch(Dataset):
    def __len__(self):
        return 0

    def __getitem__(self, i):
        pass


points = TensorDataset(torch.randn(256, 3), torch.randn(256, 1))
loader = DataLoader(points, batch_size=32, shuffle=True)  # ok: GPU101 (rows of tensors in memory)
model = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
for x, y in loader:
    loss = torch.nn.functional.mse_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()

# Your own dataset goes here; build its loader the same way.
loader = DataLoader(Sketch(), batch_size=64, shuffle=True)  # expect: GPU101
