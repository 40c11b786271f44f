# A runner that dispatches its hooks by name (mmcv/USB style): the optimizer
# steps in a hook, so the loop that calls `self.fire("post_batch")` is the
# training step loop, and every hook method named there runs once per batch.
import torch
import torch.nn.functional as F


class Callback:
    def pre_batch(self, runner):
        pass

    def post_batch(self, runner):
        pass

    def on_finish(self, runner):
        pass


class Stopwatch(Callback):
    def pre_batch(self, runner):
        torch.cuda.synchronize()  # expect: GPU201 "synchronize"

    def on_finish(self, runner):
        torch.cuda.synchronize()  # ok: GPU201 (once, after training)


class Updater(Callback):
    def post_batch(self, runner):
        runner.result["loss"].backward()
        runner.optim.step()
        runner.optim.zero_grad()


class Runner:
    def __init__(self, net, batches):
        self.net = net.cuda()
        self.optim = torch.optim.AdamW(self.net.parameters(), lr=3e-4)
        self.batches = batches
        self.callbacks = [Stopwatch(), Updater()]
        self.history = []

    def fire(self, event):
        for cb in self.callbacks:
            getattr(cb, event)(self)

    def describe(self, event):
        # Looks the hook up by name but never calls it: runs nothing.
        return [getattr(cb, event) for cb in self.callbacks]

    def train(self, epochs):
        for _ in range(epochs):
            for x, y in self.batches:
                self.fire("pre_batch")
                out = self.net(x.cuda(non_blocking=True))
                loss = F.cross_entropy(out, y.cuda(non_blocking=True))
                self.result = {"loss": loss}
                self.history.append(loss.item())  # expect: GPU201 "item"
                self.fire("post_batch")
                self.describe("pre_batch")
        self.fire("on_finish")
