"""A trainer that splits each drawn batch into micro-batches for the
backward and steps the optimizer through an object of another module."""
import torch
import torch.nn as nn

from mixed import MasterWeights


class Runner:
    def __init__(self, model, batches, loader, micro=8, max_steps=100000):
        self.model = model
        self.mixed = MasterWeights(model)
        self.opt = torch.optim.AdamW(self.mixed.params, lr=1e-4)
        self.batches = batches
        self.loader = loader
        self.micro = micro
        self.max_steps = max_steps
        self.step = 0

    def run(self):
        while self.step < self.max_steps:
            batch = next(self.batches)
            self.run_step(batch)
            self.step += 1

    def run_step(self, batch):
        self.forward_backward(batch)
        self.mixed.optimize(self.opt)  # expect: GPU201 "optimize"

    def forward_backward(self, batch):
        for i in range(0, batch.shape[0], self.micro):
            part = batch[i : i + self.micro].cuda(non_blocking=True)
            loss = self.model(part).pow(2).mean()
            self.mixed.backward(loss)

    def run_epoch(self):
        for batch in self.loader:
            self.forward_backward(batch)
            self.mixed.optimize(self.opt)  # expect: GPU201 "optimize"


def fit_epochs(net, loader, epochs):
    runner = Runner(net, endless(), loader)
    for _ in range(epochs):
        runner.run_epoch()
        runner.mixed.epoch_report()  # ok: GPU201 (once per epoch, after the epoch's step loop)


def endless(n=32):
    while True:
        yield torch.randn(n, 16)


if __name__ == "__main__":
    net = nn.Linear(16, 16).cuda()
    Runner(net, endless(), []).run()
    fit_epochs(net, [torch.randn(32, 16) for _ in range(10)], 20)
