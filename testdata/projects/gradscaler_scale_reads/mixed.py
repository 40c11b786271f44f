"""A wrapper that owns the loss scaler: backward, unscale, step, update."""
import torch


class ScaledUpdate:
    def __init__(self):
        self._grad_scaler = torch.cuda.amp.GradScaler()

    def __call__(self, loss, optimizer):
        self._grad_scaler.scale(loss).backward()
        self._grad_scaler.step(optimizer)
        self._grad_scaler.update()

    def state_dict(self):
        return self._grad_scaler.state_dict()

    def load_state_dict(self, state):
        self._grad_scaler.load_state_dict(state)


class Tally:
    """Not a scaler: its state_dict only returns numbers it holds."""

    def __init__(self):
        self.sum = 0.0

    def state_dict(self):
        return {"sum": self.sum}
