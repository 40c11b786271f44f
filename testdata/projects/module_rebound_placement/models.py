"""A captioning-style model whose forward draws a hard negative per sample
and reads its index back to the host (a sync per sample, on every step), a
twin that keeps the draw on the GPU, and a factory."""
import torch
import torch.nn as nn


class NegativeMiner(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        sim = torch.softmax(self.proj(x) @ x.t(), dim=1)
        negatives = []
        for b in range(x.size(0)):
            j = torch.multinomial(sim[b], 1).item()
            negatives.append(x[j])
        return (x - torch.stack(negatives)).pow(2).mean()


class GpuMiner(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        sim = torch.softmax(self.proj(x) @ x.t(), dim=1)
        j = torch.multinomial(sim, 1).squeeze(1)
        return (x - x[j]).pow(2).mean()


def build_miner(pretrained="", **kwargs):
    model = NegativeMiner(**kwargs)
    if pretrained:
        model.load_state_dict(torch.load(pretrained, map_location="cpu"))
    return model

