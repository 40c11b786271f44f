# The model is placed on the GPU inside the project's own models.py.
import torch
from torch.utils.data import DataLoader, TensorDataset

from models import build_model

data = TensorDataset(torch.randn(2048, 16), torch.randint(0, 2, (2048,)))
loader = DataLoader(data, batch_size=64, shuffle=True, num_workers=4, persistent_workers=True)
model = build_model()
opt = torch.optim.Adam(model.parameters())
for x, y in loader:
    loss = torch.nn.functional.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
