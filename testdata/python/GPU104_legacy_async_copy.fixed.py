"""Scripts from PyTorch 0.3 spell non_blocking `async=True` (a keyword since
Python 3.7, but such scripts still sit in repositories): the copy is already
asynchronous, GPU104 stays silent; `async=False` is the blocking copy."""
import torch
from torch.utils.data import DataLoader


def train(model, dataset, criterion, optimizer, epochs):
    loader = DataLoader(dataset, batch_size=256, shuffle=True, num_workers=8, pin_memory=True,
                        persistent_workers=True)
    for epoch in range(epochs):
        for inputs, targets in loader:
            inputs = inputs.cuda(async=True)  # ok: GPU104 (async= is non_blocking's old name)
            targets = targets.cuda(async=True)  # expect: GPU104 "targets.cuda(async=False)"
            loss = criterion(model(inputs), targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def main(dataset):
    model = torch.nn.Linear(8, 2).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train(model, dataset, torch.nn.CrossEntropyLoss(), optimizer, epochs=10)
