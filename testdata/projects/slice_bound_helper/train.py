# The step calls a helper of another module whose slice bounds are 0-d GPU
# tensors: the finding is at the call, with the bound as a related place.
# Handed starts drawn on the host, the same helper reads nothing back.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

import segments


def main():
    device = torch.device("cuda")
    net = nn.Conv1d(8, 8, 5, padding=2).to(device)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    data = TensorDataset(torch.randn(2048, 8, 512))
    loader = DataLoader(data, batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(10):
        for (wave,) in loader:
            wave = wave.to(device, non_blocking=True)
            feats = net(wave)
            starts = (torch.rand(feats.size(0), device=device) * (feats.size(2) - 32)).long()
            clip = segments.take_windows(feats, starts, 32)  # expect: GPU201 "uses the GPU tensor `first` as a slice bound"
            host_starts = torch.randint(0, feats.size(2) - 32, (feats.size(0),))
            host_clip = segments.take_windows(feats, host_starts, 32)  # ok: GPU201 — bounds from a host tensor
            loss = clip.pow(2).mean() + host_clip.abs().mean()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
