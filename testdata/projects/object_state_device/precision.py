"""State built in __init__ from a GPU module and read per step in other methods."""
import math

import torch
import torch.nn.functional as F

from base import RunnerBase


class GradScalerWrapper:
    def __init__(self, wrapped, keep_fp32=False):
        self.wrapped = wrapped
        self.param_list = list(self.wrapped.parameters())
        self.master = self.param_list
        if keep_fp32:
            self.master = [p.detach().float() for p in self.param_list]
        self.host_copies = [p.detach().cpu() for p in self.param_list]
        self.scale_log = 16.0
        self.history = []

    def backward(self, loss):
        (loss * 2 ** self.scale_log).backward()

    def norms(self):
        total = 0.0
        for p in self.master:
            if p.grad is not None:
                total += torch.norm(p.grad, p=2).item() ** 2  # expect: GPU201 "self.wrapped.parameters()"
        return math.sqrt(total)

    def host_norms(self):
        total = 0.0
        for p in self.host_copies:
            total += p.norm().item()  # ok: GPU201 (copies made once in __init__ with .cpu(): host tensors)
        return total

    def step(self, opt):
        grad_norm = self.norms()  # ok: GPU201 (reported once, at the .item() in norms())
        host_total = self.host_norms()
        self.history.append(self.scale_log)
        if not math.isfinite(grad_norm):
            self.scale_log -= 1
            return False
        opt.step()
        return host_total > 0


class StepRunner(RunnerBase):
    def __init__(self, model, wrapper, opt):
        super().__init__(model, opt)
        self.wrapper = wrapper

    def run(self, batches, device):
        for x, y in batches:
            logits = self.model(x.to(device, non_blocking=True))
            loss = F.cross_entropy(logits, y.to(device, non_blocking=True))
            self.opt.zero_grad(set_to_none=True)
            drift = sum(p.abs().sum() for p in self.wrapper.master).item()  # expect: GPU201 "self.wrapped.parameters()"
            self.wrapper.backward(loss)
            self.wrapper.step(self.opt)
            peak = max(p.grad.abs().max().item() for p in self.trainable)  # expect: GPU201 "model.parameters()"
            lr_now = float(self.base_lrs[0])  # ok: GPU201 (a learning rate from the optimizer's groups: a host float)
            stale = sum(p.abs().sum() for p in self.wrapper.host_copies).item()  # ok: GPU201 (the wrapper's .cpu() copies: host tensors)
            if peak > 1e3 * lr_now or drift < stale:
                self.opt.zero_grad(set_to_none=True)
