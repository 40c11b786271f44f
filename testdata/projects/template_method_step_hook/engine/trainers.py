import torch

from engine.driver import CycleDriver, StepDriver


class PlainTrainer(StepDriver):
    def __init__(self, net, batches, optim, log_every=1):
        self.net = net
        self.batches = iter(batches)
        self.optim = optim
        self.log_every = log_every
        self.it = 0

    def step_once(self):
        x, y = next(self.batches)
        losses = self.net(x.cuda(non_blocking=True), y.cuda(non_blocking=True))
        total = sum(losses.values())
        self.optim.zero_grad()
        total.backward()
        self.optim.step()
        self._log(losses)

    def _log(self, losses):
        # log_every is never passed: its default 1 makes this every step
        if (self.it + 1) % self.log_every == 0:
            print({k: v.detach().item() for k, v in losses.items()})


class HalfTrainer(PlainTrainer):
    def __init__(self, net, batches, optim):
        super().__init__(net, batches, optim)
        self.scaler = torch.cuda.amp.GradScaler()

    def step_once(self):
        x, y = next(self.batches)
        with torch.autocast("cuda", dtype=torch.float16):
            losses = self.net(x.cuda(non_blocking=True), y.cuda(non_blocking=True))
        total = sum(losses.values())
        self.optim.zero_grad()
        self.scaler.scale(total).backward()
        self.scaler.step(self.optim)
        self.scaler.update()
        self._log(losses)


class ReadingCycle(CycleDriver):
    def __init__(self, net, optim):
        self.net, self.optim = net, optim

    def cycle(self):
        loss = self.net(torch.randn(32, 8, device="cuda")).pow(2).mean()
        self.optim.zero_grad()
        loss.backward()
        self.optim.step()
        print(loss.item())


class QuietCycle(CycleDriver):
    def __init__(self, net, optim):
        self.net, self.optim = net, optim

    def cycle(self):
        loss = self.net(torch.randn(32, 8, device="cuda")).pow(2).mean()
        self.optim.zero_grad()
        loss.backward()
        self.optim.step()
