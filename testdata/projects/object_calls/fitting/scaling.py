"""Callable objects: one runs the scaled backward pass and optimizer step,
the other keeps a running mean of what it is given."""
import torch


class ScaledStep:
    def __init__(self):
        self._scaler = torch.cuda.amp.GradScaler()

    def __call__(self, loss, optimizer):
        optimizer.zero_grad()
        self._scaler.scale(loss).backward()
        self._scaler.step(optimizer)
        self._scaler.update()


class RunningMean:
    def __init__(self):
        self.total = 0.0
        self.count = 0
        self.value = None

    def __call__(self, output):
        self.total = self.total + output.float().mean()
        self.count += 1
        self.value = self.total / self.count
