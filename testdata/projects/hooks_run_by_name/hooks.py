import time

import torch


class Hook:
    def before_run(self, runner):
        pass

    def before_iter(self, runner):
        pass

    def after_iter(self, runner):
        pass

    def after_run(self, runner):
        pass


class Timing(Hook):
    def before_run(self, runner):
        self.start = time.time()

    def before_iter(self, runner):
        torch.cuda.synchronize()
        self.tick = time.time()

    def after_run(self, runner):
        torch.cuda.synchronize()  # ok: GPU201 (once, after the loop)
        print(f"took {time.time() - self.start:.1f}s")


class GradStep(Hook):
    def after_iter(self, runner):
        runner.optim.zero_grad()
        runner.loss.backward()
        runner.optim.step()
