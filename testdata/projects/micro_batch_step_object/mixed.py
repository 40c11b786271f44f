"""Keeps float32 master weights and steps the optimizer for the trainer."""
import math

import torch


class MasterWeights:
    def __init__(self, model):
        self.model = model
        self.params = [p for p in model.parameters() if p.requires_grad]
        self.history = []

    def backward(self, loss):
        (loss * 1024.0).backward()

    def optimize(self, opt):
        grad_sq, weight_sq = self._square_norms()
        self.history.append((math.sqrt(grad_sq), math.sqrt(weight_sq)))
        opt.step()
        opt.zero_grad(set_to_none=True)
        return True

    def _square_norms(self):
        grad_sq = 0.0
        weight_sq = 0.0
        for p in self.params:
            with torch.no_grad():
                # two reads per parameter tensor, on every optimizer step
                weight_sq += p.float().pow(2).sum().item()
                if p.grad is not None:
                    grad_sq += p.grad.float().pow(2).sum().item()
        return grad_sq, weight_sq

    def epoch_report(self):
        return sum(p.float().norm().item() for p in self.params)
