"""A Fabric script told to run on the CPU (`accelerator="cpu"`) has no GPU
path: importing Lightning does not put it on one, so reading its loss on
every step syncs nothing, and no GPU waits for its loader or its logging.
With the accelerator left to "auto" or "gpu" the same loop is GPU201's.
Trainer(accelerator="tpu") or a torch_xla import has no GPU path either
(GPU201_xla_fabric_script.py)."""
import lightning as L
import torch


def train(fabric, model, optimizer, loader):
    for batch in loader:
        loss = model(batch).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        print(f"loss {loss.item():.4f}")  # ok: GPU201, GPU206 (the run is on the CPU)


def main():
    fabric = L.Fabric(accelerator="cpu", devices=1)
    model = torch.nn.Linear(4, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(torch.utils.data.DataLoader(torch.randn(256, 4), batch_size=32))  # ok: GPU101 (no GPU waits)
    train(fabric, model, optimizer, loader)


if __name__ == "__main__":
    main()
