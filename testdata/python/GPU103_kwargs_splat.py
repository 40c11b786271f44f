"""GPU103/GPU101 fixture: loader settings splatted from a dict the script builds."""
import torch
from torch.utils.data import DataLoader
from torchvision import datasets

device = torch.device("cuda")
model = torch.nn.Linear(784, 10).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

common = dict(batch_size=64, num_workers=4, persistent_workers=True)
pageable = DataLoader(datasets.MNIST("/data", train=True), shuffle=True, **common)  # expect: GPU103 "pin_memory is omitted"
pinned_kwargs = {"num_workers": 4, "pin_memory": True, "persistent_workers": True}
pinned = DataLoader(datasets.MNIST("/data", train=True), batch_size=64, **pinned_kwargs)  # ok: GPU103
inline = DataLoader(datasets.MNIST("/data", train=True), batch_size=64, **{"num_workers": 0, "pin_memory": True})  # expect: GPU101 "resolves to 0"
# Changed after it is built: its entries at the call are unknown.
changed = dict(num_workers=4, persistent_workers=True)
changed.update(pin_memory=True)
patched = DataLoader(datasets.MNIST("/data", train=True), batch_size=64, **changed)  # ok: GPU103


def fit(loader):
    for images, labels in loader:
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(images.flatten(1)), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


fit(pageable)
fit(pinned)
fit(inline)
fit(patched)
