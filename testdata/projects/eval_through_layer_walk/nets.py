import torch
from torch import nn


class Upsampler(nn.Module):
    def __init__(self, ch=16, stages=3):
        super().__init__()
        self.stages = stages
        self.ups = nn.ModuleList()
        self.blocks = nn.ModuleList()
        for _ in range(stages):
            self.ups.append(nn.ConvTranspose1d(ch, ch, 4, 2, 1))
            self.blocks.append(nn.Conv1d(ch, ch, 3, padding=1))

    def forward(self, x):
        for i in range(self.stages):
            x = self.ups[i](x)
            block = self.blocks[i]
            x = x + block(x)
        return torch.tanh(x)
