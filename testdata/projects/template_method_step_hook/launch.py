"""The entry script: a launcher trainer delegates each step to one of two
trainers, picked by a flag through a conditional class expression."""
import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from engine.driver import StepDriver
from engine.trainers import HalfTrainer, PlainTrainer, QuietCycle, ReadingCycle


class TwoHeadLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 2)

    def forward(self, x, y):
        out = self.body(x)
        return {"fit": (out - y).pow(2).mean(), "size": out.abs().mean()}


class Launcher(StepDriver):
    def __init__(self, amp):
        net = TwoHeadLoss().cuda()
        optim = torch.optim.AdamW(net.parameters(), lr=1e-3)
        data = TensorDataset(torch.randn(4096, 8), torch.randn(4096, 2))
        loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True)
        self._impl = (HalfTrainer if amp else PlainTrainer)(net, loader, optim)

    def step_once(self):
        self._impl.it = self.it
        self._impl.step_once()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--amp", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    Launcher(args.amp).train(0, 5000)
    small = nn.Linear(8, 8).cuda()
    opt = torch.optim.SGD(small.parameters(), lr=0.1)
    cycler = QuietCycle(small, opt) if args.quiet else ReadingCycle(small, opt)
    cycler.run(100)
