"""A trainer base whose hooks two subclasses fill in. Which subclass a run
uses is not known statically, but every override of `compute_loss` reads
the loss on the host: the call in the loop syncs whichever one runs. Of
`after_step`, one override syncs and the other is a stub: silent."""
import torch


class BaseTrainer:
    def __init__(self, net, loader, lr=0.1):
        self.net = net.cuda()
        self.loader = loader
        self.opt = torch.optim.SGD(self.net.parameters(), lr=lr)

    def compute_loss(self, batch):
        """Returns the loss of one batch."""
        raise NotImplementedError

    def after_step(self, loss):
        ...

    def run(self, epochs):
        for epoch in range(epochs):
            for batch in self.loader:
                loss = self.compute_loss(batch)  # expect: GPU201 "each of the 2 overrides"
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                self.after_step(loss)  # ok: GPU201 (one override syncs, the other is a stub)
