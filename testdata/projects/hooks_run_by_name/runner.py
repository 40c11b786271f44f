# The loop of a runner that dispatches hooks by name; the hooks (which step
# the optimizer and time each batch) live in another module.
import torch
import torch.nn.functional as F

from hooks import GradStep, Timing


class Runner:
    def __init__(self, net, loader):
        self.net = net.cuda()
        self.optim = torch.optim.SGD(self.net.parameters(), lr=0.1)
        self.loader = loader
        self.hooks = [Timing(), GradStep()]

    def call_hook(self, name, *args):
        for hook in self.hooks:
            if hasattr(hook, name):
                getattr(hook, name)(self, *args)

    def run(self, epochs):
        self.call_hook("before_run")
        for _ in range(epochs):
            for x, y in self.loader:
                self.call_hook("before_iter")  # expect: GPU201 "the hook Timing.before_iter(), which this call runs by name, runs `torch.cuda.synchronize()`"
                logits = self.net(x.cuda(non_blocking=True))
                self.loss = F.cross_entropy(logits, y.cuda(non_blocking=True))
                self.call_hook("after_iter")
        self.call_hook("after_run")


if __name__ == "__main__":
    data = torch.utils.data.TensorDataset(torch.randn(4096, 32), torch.randint(0, 4, (4096,)))
    loader = torch.utils.data.DataLoader(data, batch_size=128, shuffle=True, num_workers=4, pin_memory=True,
                                         persistent_workers=True)
    Runner(torch.nn.Linear(32, 4), loader).run(10)
