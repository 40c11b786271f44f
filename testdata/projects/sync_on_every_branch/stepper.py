"""An optimizer-step object whose step method picks one of two paths per
run (mixed precision or not); both paths read the gradient norm to the host."""
import torch


class Stepper:
    def __init__(self, params, fp16):
        self.params = list(params)
        self.fp16 = fp16

    def grad_norm(self):
        return sum(p.grad.norm().item() for p in self.params)

    def _step_fp16(self, opt):
        norm = self.grad_norm()
        opt.step()
        return norm

    def _step_plain(self, opt):
        norm = self.grad_norm()
        opt.step()
        return norm

    def _step_quiet(self, opt):
        opt.step()

    def optimize(self, opt):
        if self.fp16:
            return self._step_fp16(opt)
        else:
            return self._step_plain(opt)

    def optimize_maybe_measured(self, opt):
        if self.fp16:
            return self._step_fp16(opt)
        else:
            return self._step_quiet(opt)

    def optimize_measured_on_fp16(self, opt):
        if self.fp16:
            return self._step_fp16(opt)
        opt.step()
