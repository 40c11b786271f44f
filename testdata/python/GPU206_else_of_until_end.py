# The else of a test that holds until training ends runs once, at the end:
# `if where < 1.0: ... else:` with `where = epoch_fraction / max_epochs`,
# or `if step < total_steps: ... else:`. The else of a warm-up test
# (`if step < warmup_steps:`) runs on every step after the warm-up.
import logging

import torch


class Trainer:
    def __init__(self, model, optim, sched, max_epochs, total_steps, warmup_steps):
        self.model = model.cuda()
        self.optim = optim
        self.sched = sched
        self.max_epochs = max_epochs
        self.total_steps = total_steps
        self.warmup_steps = warmup_steps
        self.epoch = 0

    def train_epoch(self, loader):
        for i, (x, y) in enumerate(loader):
            loss = torch.nn.functional.cross_entropy(self.model(x.cuda()), y.cuda())
            self.optim.zero_grad()
            loss.backward()
            self.optim.step()
            self.where = (self.epoch + i / len(loader)) / self.max_epochs
            if self.where < 1.0:
                self.sched.step()
            else:
                logging.warning(f"scheduler finished at {self.where}")  # ok: GPU206 (end of training)
            step = self.epoch * len(loader) + i
            if step < self.total_steps:
                self.sched.step()
            else:
                logging.info("past the last scheduled step %d", step)  # ok: GPU206 (end of training)
            if step < self.warmup_steps:
                self.sched.step()
            else:
                logging.info("after warm-up %d", step)  # expect: GPU206
