"""Labels drawn with NumPy on every step, pinned, then copied without
non_blocking: pinning stages nothing by itself, the blocking copy still waits
for the GPU's queued work. With non_blocking=True the pinned copy overlaps."""
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


def class_rows(n, k):
    rows = np.zeros((n, k), dtype=np.float32)
    rows[np.arange(n), np.random.randint(0, k, size=n)] = 1
    return rows


def fit(epochs=10):
    device = torch.device("cuda")
    net = nn.Linear(74, 64).to(device)
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    loader = DataLoader(TensorDataset(torch.randn(8192, 64)), batch_size=64, num_workers=4, pin_memory=True,
                        persistent_workers=True)
    for epoch in range(epochs):
        for (real,) in loader:
            real = real.to(device, non_blocking=True)
            labels = torch.from_numpy(class_rows(real.shape[0], 10)).pin_memory().to(device)  # expect: GPU201 "copies host data made into a tensor"
            extra = torch.from_numpy(class_rows(real.shape[0], 10)).pin_memory().to(device, non_blocking=True)  # ok: GPU201 (a pinned asynchronous copy)
            loss = (net(torch.cat([real, labels + extra], dim=1)) - real).square().mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    fit()
