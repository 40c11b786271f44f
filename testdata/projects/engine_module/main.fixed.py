"""Entry script of the engine-module layout: it builds the device, loaders,
model and criterion; the loops live in engine.py."""
import argparse

import torch
import torch.nn as nn
import torchvision
from torch.utils.data import DataLoader

import engine
from engine import train_one_epoch
from utils import build_dataset


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--epochs", type=int, default=90)
    parser.add_argument("--workers", type=int, default=8)
    return parser.parse_args()


def main(args):
    device = torch.device(args.device)
    model = torchvision.models.resnet50().to(device)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    dataset_train = build_dataset(is_train=True)
    dataset_val = build_dataset(is_train=False)
    data_loader_train = DataLoader(dataset_train, batch_size=256, shuffle=True, num_workers=args.workers, pin_memory=True)  # expect: GPU103 "engine.py:9", GPU105 "90 epochs"
    data_loader_val = DataLoader(dataset_val, batch_size=256, shuffle=False, num_workers=args.workers, pin_memory=True, persistent_workers=True)  # ok: GPU103
    for epoch in range(args.epochs):
        train_one_epoch(model, criterion, data_loader_train, optimizer, device, epoch)
        engine.evaluate(model, data_loader=data_loader_val, device=device)


if __name__ == "__main__":
    main(get_args())
