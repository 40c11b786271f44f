"""Training calls the detector in training mode, directly and through a
step helper of the other module: its forward's training-mode read runs on
every step. The evaluation loop runs it in eval mode: the read is skipped."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from detector import Detector, train_step

device = torch.device("cuda")
model = Detector().to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
data = TensorDataset(torch.randn(4096, 16), torch.rand(4096, 4))
loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)

for epoch in range(10):
    model.train()
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = model(x, y)  # expect: GPU201 "forward() reaches `int(fg)`"
        opt.zero_grad()
        loss.backward()
        opt.step()
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        train_step(model, opt, x, y)  # expect: GPU201 "train_step() reaches `int(fg)`"
    model.eval()
    preds = []
    with torch.no_grad():
        for x, y in loader:
            preds.append(model(x.to(device, non_blocking=True)))  # ok: GPU201 (eval mode: the assignment is skipped)
