"""The options are parsed here and handed to the loader factories of
data/loaders.py; the step loop iterates the training loader."""
import argparse

import torch

from data.loaders import make_preview_loader, make_train_loader

parser = argparse.ArgumentParser()
parser.add_argument("--batch_size", type=int, default=2)
parser.add_argument("--preview_batch", type=int, default=1)
parser.add_argument("--workers", type=int, default=4)
parser.add_argument("--serial_batches", action="store_true")
parser.add_argument("--epochs", type=int, default=200)
opt = parser.parse_args()

device = torch.device("cuda")
model = torch.nn.Conv2d(3, 3, 3, padding=1).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=2e-4)
train_loader = make_train_loader(opt, torch.utils.data.TensorDataset(torch.randn(64, 3, 32, 32)))
preview_loader = make_preview_loader(opt, torch.utils.data.TensorDataset(torch.randn(8, 3, 32, 32)))

for epoch in range(opt.epochs):
    for (images,) in train_loader:
        images = images.to(device, non_blocking=True)
        loss = (model(images) - images).abs().mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        for (images,) in preview_loader:
            model(images.to(device, non_blocking=True))
