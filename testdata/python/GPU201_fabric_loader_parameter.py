# A training function handed a loader that Fabric prepared: Fabric moves
# every batch to the device before the body sees it, so a per-step .item()
# of a batch field reads a GPU tensor, as it would in the function that
# called setup_dataloaders. A function also handed a plain loader by some
# caller gets host batches there: nothing is known to be on the GPU.
import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


def fit(fabric, net, opt, train_loader):
    tokens = 0
    for batch in train_loader:
        ids, lengths = batch
        loss = net(ids).float().mean()
        fabric.backward(loss)
        opt.step()
        opt.zero_grad()
        tokens += lengths.sum().item()  # expect: GPU201 "fabric.setup_dataloaders"
    return tokens


def fit_any(fabric, net, opt, some_loader):
    tokens = 0
    for batch in some_loader:
        ids, lengths = batch
        loss = net(ids.to(fabric.device)).float().mean()  # expect: GPU104 "copies a pinned batch"
        fabric.backward(loss)
        opt.step()
        opt.zero_grad()
        tokens += lengths.sum().item()  # ok: GPU201 — one caller hands it a loader Fabric did not prepare
    return tokens


def main():
    fabric = L.Fabric(accelerator="cuda", devices=1)
    fabric.launch()
    data = TensorDataset(torch.randint(0, 100, (512, 16)), torch.randint(1, 16, (512,)))
    plain = DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    prepared = fabric.setup_dataloaders(plain)
    net = torch.nn.Sequential(torch.nn.Embedding(100, 64), torch.nn.Linear(64, 1))
    opt = torch.optim.AdamW(net.parameters())
    net, opt = fabric.setup(net, opt)
    fit(fabric, net, opt, prepared)
    fit_any(fabric, net, opt, prepared)
    fit_any(fabric, net, opt, plain)


if __name__ == "__main__":
    main()
