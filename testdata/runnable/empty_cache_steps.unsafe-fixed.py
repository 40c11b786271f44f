"""Runnable fixture: a tiny autoencoder whose step loop empties the CUDA
cache on every batch (GPU208); the unsafe fix deletes the call. The periodic
and per-epoch variants must stay. Prints the final loss."""
import gc

import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def main():
    torch.manual_seed(0)
    data = torch.randn(320, 24)
    model = nn.Sequential(nn.Linear(24, 8), nn.Tanh(), nn.Linear(8, 24)).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    batch_size = 32
    for epoch in range(8):
        permutation = torch.randperm(len(data))
        for step in range(len(data) // batch_size):
            batch = data[permutation[step * batch_size:(step + 1) * batch_size]].to(device)  # expect: GPU102  # ok: GPU104 (not from a pinning loader)
            loss = nn.functional.mse_loss(model(batch), batch)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if step % 50 == 0:
                torch.cuda.empty_cache()  # ok: GPU208 (periodic)
                print(f"epoch {epoch} step {step} loss {loss.item():.4f}")  # ok: GPU201, GPU206 (periodic)
        gc.collect()
        torch.cuda.empty_cache()  # ok: GPU208 (once per epoch)
    print(f"final loss {loss.item():.6f}")


if __name__ == "__main__":
    main()
