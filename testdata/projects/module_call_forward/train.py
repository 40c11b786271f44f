"""The step loop calls modules of runtimes.py: one reads a GPU tensor on
every call of its forward (reported at the call), the other only on the
branch of an engine this run does not use (silent, also through a helper)."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from runtimes import Agreement, MultiRuntime, run_in_torch

device = torch.device("cuda")
net = torch.nn.Linear(16, 4).to(device)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
data = TensorDataset(torch.randn(512, 16), torch.randint(0, 4, (512,)))
loader = DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
runtime = MultiRuntime(net)
agreement = Agreement()

for epoch in range(3):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        scores = runtime(x)  # ok: GPU201 (MultiRuntime reads to the host on an engine's branch only)
        scores = scores + run_in_torch(net, x)  # ok: GPU201 (the helper's module call: the same branch)
        loss = torch.nn.functional.cross_entropy(scores, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        agreement(scores.detach(), y)  # expect: GPU201 "forward() runs"
