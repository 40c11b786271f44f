# A stepper whose step() dispatches to a precision-specific method that
# reads the norms to the host and then steps the optimizer.
import math

import torch


class NormCheckedStepper:
    def __init__(self, params, fp16=False):
        self.params = list(params)
        self.fp16 = fp16

    def grad_norm(self):
        total = 0.0
        for p in self.params:
            if p.grad is not None:
                total += p.grad.float().norm().item() ** 2
        return math.sqrt(total)

    def step(self, opt):
        # fp16 is off unless the caller asks: the early return never happens.
        if self.fp16:
            return self._step_fp16(opt)
        return self._step_fp32(opt)

    def _step_fp16(self, opt):
        if not math.isfinite(self.grad_norm()):
            return False
        opt.step()
        return True

    def _step_fp32(self, opt):
        self.last_norm = self.grad_norm()
        opt.step()
        return True
