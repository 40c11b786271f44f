"""The base trainer builds its members in __init__; its loop is the plain
recipe. Subclasses in other files override the step and read the members
they never assign."""
import torch

from precision import HostMeter, MixedPrecision


class TrainLoop:
    def __init__(self, model, data, lr=1e-4):
        self.model = model.cuda()
        self.data = data
        self.mp = MixedPrecision(self.model.parameters())
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=lr)
        self.meter = HostMeter()

    def run_loop(self):
        while True:
            batch = next(self.data)
            self.run_step(batch)

    def run_step(self, batch):
        self.mp.zero_grad()
        loss = self.model(batch.cuda()).mean()
        loss.backward()
        self.mp.optimize(self.opt)  # expect: GPU201 "self.mp.optimize(self.opt)"
