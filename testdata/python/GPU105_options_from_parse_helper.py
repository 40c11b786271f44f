"""Options parsed in a helper that names the namespace before returning it
(`opt = parser.parse_args()` ... `return opt`): the epoch count and the
worker count still resolve, so the loader restarted every epoch is found."""
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset


def parse_option():
    parser = argparse.ArgumentParser()
    parser.add_argument("--num_workers", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=100)
    opt = parser.parse_args()
    opt.model_path = "./save"
    return opt


def set_loader(opt):
    data = TensorDataset(torch.randn(4096, 10), torch.randint(0, 10, (4096,)))
    return DataLoader(data, batch_size=256, shuffle=True, num_workers=opt.num_workers, pin_memory=True)  # expect: GPU105 "100 epochs"


def train(loader, model, criterion, optimizer):
    model.train()
    for images, labels in loader:
        images, labels = images.cuda(non_blocking=True), labels.cuda(non_blocking=True)
        loss = criterion(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def main():
    opt = parse_option()
    loader = set_loader(opt)
    model = torch.nn.Linear(10, 10).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(1, opt.epochs + 1):
        train(loader, model, torch.nn.CrossEntropyLoss(), optimizer)


if __name__ == "__main__":
    main()
