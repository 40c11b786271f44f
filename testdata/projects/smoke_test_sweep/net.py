# A model file whose __main__ block smoke-tests each configuration: a loop
# over constants that builds the model, loads weights (printing once per
# model) and runs one forward and backward. It trains nothing, so nothing
# in it runs per step, although train.py puts the model on the GPU.
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self, bins):
        super().__init__()
        self.bins = bins
        self.proj = nn.Linear(4, 2)

    def load_weights(self):
        self.proj.weight.data.zero_()
        print("loaded weights")  # ok: GPU206 (once per model of the smoke test)

    def forward(self, x):
        return self.proj(x)


class PairLoss(nn.Module):
    def forward(self, out, target):
        return (out - target).pow(2).mean()


if __name__ == "__main__":
    for bins in (0, 2, 10):
        net = Net(bins)
        net.load_weights()
        loss = net(torch.randn(1, 4)).sum()
        loss.backward()
        print(f"bins={bins} ok")  # ok: GPU206 (three configurations, not steps)
