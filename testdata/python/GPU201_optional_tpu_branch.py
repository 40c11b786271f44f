# A CUDA training script that can also run on a TPU: the XLA module is
# imported lazily, inside the branch that runs only on an XLA device. The
# script's default run is on the GPUs (Fabric picks CUDA), so its loader and
# its per-step read are judged as in any GPU script. A script that imports
# torch_xla at the top trains on TPUs (GPU201_xla_fabric_script.py).
import lightning as L
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class TokenWindows(Dataset):
    def __init__(self, path, block):
        self.data = torch.load(path)
        self.block = block

    def __len__(self):
        return len(self.data) // self.block - 1

    def __getitem__(self, i):
        chunk = self.data[i * self.block:(i + 1) * self.block + 1]
        return chunk[:-1].long(), chunk[1:].long()


def fit(fabric, model, optimizer, loader, max_steps):
    for step, (x, y) in enumerate(loader):
        logits = model(x)
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), y.flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if fabric.device.type == "xla":
            import torch_xla.core.xla_model as xm
            xm.mark_step()
        fabric.print(f"step {step} loss {loss.item():.3f}")  # expect: GPU201 "loss.item()"
        if step >= max_steps:
            break


def main():
    fabric = L.Fabric(devices=4, precision="bf16-mixed")
    fabric.launch()
    model = nn.Sequential(nn.Embedding(50304, 512), nn.Linear(512, 50304))
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    model, optimizer = fabric.setup(model, optimizer)
    loader = DataLoader(TokenWindows("train.pt", 1024), batch_size=8, shuffle=True)  # expect: GPU101, GPU103
    loader = fabric.setup_dataloaders(loader)
    fit(fabric, model, optimizer, loader, max_steps=100_000)


if __name__ == "__main__":
    main()
