"""A distillation trainer overrides the loop and the step. `self.mp` and
`self.meter` come from TrainLoop.__init__ in another file: the step still
syncs through the base's helper, the host meter does not, and a member the
subclass assigns itself is its own."""
import torch

from base_loop import TrainLoop


class DistillLoop(TrainLoop):
    def __init__(self, model, teacher, data):
        super().__init__(model, data)
        self.teacher = teacher.cuda().eval()

    def run_loop(self):
        step = 0
        while step < 100000:
            batch = next(self.data)
            self.run_step(batch)
            step += 1

    def run_step(self, batch):
        self.mp.zero_grad()  # ok: GPU201 (the helper reads nothing back)
        x = batch.cuda()
        with torch.no_grad():
            target = self.teacher(x)
        loss = (self.model(x) - target).pow(2).mean()
        loss.backward()
        self.meter.add(len(batch))  # ok: GPU201 (a host count)
        self.mp.optimize(self.opt)  # expect: GPU201 "self.mp.optimize(self.opt)"


class OwnPrecisionLoop(TrainLoop):
    """Assigns its own `mp` (a host stand-in): the base's is not what it holds."""

    def __init__(self, model, data):
        super().__init__(model, data)
        self.mp = HostStepper()

    def run_loop(self):
        for batch in self.data:
            self.run_step(batch)

    def run_step(self, batch):
        loss = self.model(batch.cuda()).mean()
        loss.backward()
        self.mp.optimize(self.opt)  # ok: GPU201 (its own member steps on the host)


class HostStepper:
    def optimize(self, opt):
        opt.step()
        return True
