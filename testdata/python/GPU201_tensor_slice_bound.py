# A slice needs host ints for its bounds: a bound that is a 0-d GPU tensor
# (an element of a GPU index tensor) goes through Tensor.__index__, which
# copies it to the host, here once per batch element on every step. Bounds
# that are Python ints (sizes, a host tensor's elements, random draws on the
# host) cost nothing.
import random

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def crop_windows(x, starts, width):
    out = torch.empty(x.size(0), x.size(1), width, device=x.device, dtype=x.dtype)
    for i in range(x.size(0)):
        begin = starts[i]
        out[i] = x[i, :, begin:begin + width]  # expect: GPU201 "slice bound `begin` as an int"
        x[i, :, begin:begin + width] = 0  # ok: GPU201 — the same bound, reported at its first use
    return out


def crop_host_windows(x, host_starts, width):
    out = torch.empty(x.size(0), x.size(1), width, device=x.device, dtype=x.dtype)
    for i in range(x.size(0)):
        begin = host_starts[i]
        out[i] = x[i, :, begin:begin + width]  # ok: GPU201 — the starts live on the host
    return out


class Trimmer(nn.Module):
    # Hands back, beside its output, the kept lengths as a host list.
    def forward(self, x, lengths):
        ordered, order = lengths.sort(descending=True)
        return x[order], (ordered - 1).tolist()  # expect: GPU201 "tolist()"


def main():
    device = torch.device("cuda")
    net = nn.Conv1d(4, 4, 3, padding=1).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    trimmer = Trimmer().to(device)
    data = TensorDataset(torch.randn(1024, 4, 400))
    loader = DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(5):
        for (x,) in loader:
            x = x.to(device, non_blocking=True)
            y = net(x)
            starts = torch.randint(0, y.size(2) - 64, (y.size(0),), device=device)
            host_starts = torch.randint(0, y.size(2) - 64, (y.size(0),))
            tail = y.size(2) - 16
            offset = random.randint(0, 8)
            loss = crop_windows(y, starts, 64).square().mean()
            loss = loss + crop_host_windows(y, host_starts, 64).abs().mean()
            loss = loss + y[:, :, offset:tail].mean()  # ok: GPU201 — host ints
            cut = torch.empty([], dtype=torch.int64, device=device).random_(1, 8)
            loss = loss + y[:, cut:].mean()  # expect: GPU201 "slice bound `cut` as an int"
            trimmed, keep = trimmer(y, torch.full((y.size(0),), 300, device=device))
            for j in range(trimmed.size(0)):
                loss = loss + trimmed[j, :, :keep[j]].mean()  # ok: GPU201 — keep is the host list the forward returns
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
