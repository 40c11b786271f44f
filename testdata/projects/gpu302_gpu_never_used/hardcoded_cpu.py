# The device is fixed to the CPU.
import torch
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cpu")
data = TensorDataset(torch.randn(2048, 16), torch.randint(0, 2, (2048,)))
loader = DataLoader(data, batch_size=64, shuffle=True, num_workers=4, persistent_workers=True)
model = torch.nn.Linear(16, 2).to(device)
opt = torch.optim.Adam(model.parameters())
for x, y in loader:
    x, y = x.to(device), y.to(device)
    loss = torch.nn.functional.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
