"""A training loop whose model, optimizer and loader come from one helper:
each unpacked name is what the helper returns at its position."""
import torch
import torch.nn as nn

from utils import build_training


def train(dataset):
    model, optimizer, loader = build_training(nn.Linear(16, 4), "cuda", dataset)
    for inputs, labels in loader:
        kept = inputs.to("cpu")  # ok: GPU201
        inputs = inputs.to("cuda", non_blocking=True)
        labels = labels.to("cuda", non_blocking=True)
        loss = nn.functional.cross_entropy(model(inputs), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(loss.item())  # expect: GPU201 "`loss` comes from"


if __name__ == "__main__":
    train(torch.utils.data.TensorDataset(torch.randn(256, 16), torch.randint(0, 4, (256,))))
