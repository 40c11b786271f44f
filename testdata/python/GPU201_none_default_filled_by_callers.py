# `if width is None: width = lengths.max()` runs only for a caller that
# leaves `width` out. When every caller passes a number (`x.size(1)`,
# `x.shape[1]`, `n * 2`, a name unpacked from `.shape`), the branch never runs and `torch.arange(width)`
# takes a host int: no read. A helper some caller calls without the
# argument reads the GPU maximum on each of those calls.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")


def span_mask(lengths, width=None):
    if width is None:
        width = lengths.max()
    steps = torch.arange(width, device=lengths.device)  # ok: GPU201 (every caller passes a number)
    return steps.unsqueeze(0) < lengths.unsqueeze(1)


def pad_mask(lengths, width=None):
    if width is None:
        width = lengths.max()
    steps = torch.arange(width, device=lengths.device)  # expect: GPU201 "torch.arange(width"
    return steps.unsqueeze(0) < lengths.unsqueeze(1)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(32, 32)

    def forward(self, x, lengths):
        keep = span_mask(lengths, x.size(1)) & span_mask(lengths, x.shape[1])
        pairs = span_mask(lengths, x.size(1) * 2)[:, : x.size(1)]
        _, steps, _ = x.shape
        keep = keep & span_mask(lengths, steps)
        return self.proj(x) * (keep & pairs).unsqueeze(-1)


def train(model, loader, opt):
    for x, lengths in loader:
        x, lengths = x.to(device, non_blocking=True), lengths.to(device, non_blocking=True)
        out = model(x, lengths) * pad_mask(lengths).unsqueeze(-1)
        loss = out.square().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    net = Encoder().to(device)
    data = TensorDataset(torch.randn(256, 20, 32), torch.randint(1, 20, (256,)))
    train(net, DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True),
          torch.optim.Adam(net.parameters()))
