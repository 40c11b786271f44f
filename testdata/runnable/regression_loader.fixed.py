"""Runnable fixture: a small regression MLP whose DataLoader loads every batch
in the training process (GPU101) into pageable memory (GPU103). The fixes add
workers, persistent workers and pinned memory, and then (once the loader pins)
make the batch copy asynchronous (GPU104). Trains on synthetic data on CPU in
a few seconds and prints its final loss."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = "cuda" if torch.cuda.is_available() else "cpu"


def make_data(samples=512, features=16):
    generator = torch.Generator().manual_seed(1)
    x = torch.randn(samples, features, generator=generator)
    w = torch.randn(features, 1, generator=generator)
    y = x @ w + 0.1 * torch.randn(samples, 1, generator=generator)
    return TensorDataset(x, y)


def main():
    torch.manual_seed(0)
    loader = DataLoader(  # expect: GPU101, GPU103
        make_data(),
        batch_size=64,
        shuffle=True,  # the order is drawn in the main process, with or without workers
        pin_memory=True,
    )
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    loss_fn = nn.MSELoss()
    for epoch in range(6):
        epoch_loss = torch.zeros((), device=device)
        for x, y in loader:
            x = x.to(device, non_blocking=True)  # ok: GPU104 (the loader does not pin yet; it does after the GPU103 fix)
            y = y.to(device, non_blocking=True)  # ok: GPU104
            optimizer.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            optimizer.step()
            epoch_loss += loss.detach()  # ok: GPU201 (stays on the device)
    print(f"final loss {epoch_loss.item() / len(loader):.6f}")


if __name__ == "__main__":
    main()
