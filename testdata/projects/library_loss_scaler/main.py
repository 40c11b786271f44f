"""Builds the loader, the model and timm's loss scaler, and trains for many
epochs through engine.train_one_epoch."""
import torch
from timm.utils import NativeScaler
from torch.utils.data import DataLoader, TensorDataset

from engine import score_pairs, train_one_epoch


def halve(x, factor):
    return x / factor


def main():
    device = torch.device("cuda")
    data = TensorDataset(torch.randn(2048, 32), torch.randint(0, 10, (2048,)))
    loader = DataLoader(data, batch_size=128, shuffle=True, num_workers=8, pin_memory=True)  # expect: GPU105 "persistent_workers"
    model = torch.nn.Linear(32, 10).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scaler = NativeScaler()
    criterion = torch.nn.CrossEntropyLoss()
    for epoch in range(100):
        train_one_epoch(model, criterion, loader, optimizer, scaler, device, clip=1.0)
    score_pairs(model, loader, halve, device)


if __name__ == "__main__":
    main()
