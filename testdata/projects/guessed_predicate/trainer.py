"""A trainer whose metrics object comes out of a config registry: the step
reads the loss back only on the steps the metrics component asks for."""
import torch

import metrics


class Trainer:
    def __init__(self, config, model, data):
        self.model = model.cuda()
        self.data = data
        self.opt = torch.optim.AdamW(self.model.parameters())
        metrics.check_config(config.metrics)
        self.metrics = config.metrics.build()
        self.step = 0

    def train_step(self, batch):
        should_log = self.metrics.should_log(self.step)
        loss = self.model(batch.cuda(non_blocking=True)).pow(2).mean()
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        if not should_log:
            return
        self.metrics.log(self.step, loss.item())  # ok: GPU201 (the project's only should_log is a periodic test)

    def active_step(self, batch):
        loss = self.model(batch.cuda(non_blocking=True)).pow(2).mean()
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        if self.metrics.is_active():
            self.metrics.log(self.step, loss.item())  # expect: GPU201 "`loss.item()` copies the GPU tensor `loss`"

    def train(self):
        for batch in self.data:
            self.step += 1
            self.train_step(batch)

    def train_active(self):
        for batch in self.data:
            self.step += 1
            self.active_step(batch)
