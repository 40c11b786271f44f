"""A script that builds loaders through the project's DataLoader subclasses (data/loaders.py)."""
import torch
import torch.nn.functional as F

from data.loaders import PlainLoader, build_loader

device = torch.device("cuda")


def train(model, dataset, optimizer, epochs=20):
    loader = build_loader(dataset, workers=8)
    for epoch in range(epochs):
        for inputs, labels in loader:
            inputs = inputs.to(device, non_blocking=True)
            loss = F.cross_entropy(model(inputs), labels.to(device))  # expect: GPU104 "labels.to(device)"
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def validate(model, dataset):
    loader = PlainLoader(dataset, batch_size=256)  # expect: GPU101, GPU103
    model.eval()
    with torch.no_grad():
        for inputs, labels in loader:
            print(model(inputs.to(device)).argmax(1).eq(labels.to(device)).sum())  # expect: GPU201
