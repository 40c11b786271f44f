"""What a `raise` formats, and an assert's message, is built only on the
failure that ends the run; an assert's condition runs on every step."""
import torch
import torch.nn.functional as F

device = torch.device("cuda")
net = torch.nn.Linear(16, 4).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.01)


def split_rows(batch, rows):
    if batch.shape[0] % rows == 0:
        return batch.split(rows)
    raise ValueError(f"batch of {batch.shape[0]} rows, first value {batch[0, 0].item()}")  # ok: only when it raises


def train(loader):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        for part in split_rows(x, 8):
            net(part)
        loss = F.cross_entropy(net(x), y)
        assert x.shape[0] > 0, f"empty batch, loss {loss.item()}"  # ok: the message is built only when the assert fails
        assert loss.item() < 1e4, "diverged"  # expect: GPU201 "loss.item()"
        opt.zero_grad()
        loss.backward()
        opt.step()
