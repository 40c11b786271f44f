"""A trainer base class whose loop calls hooks that a subclass fills in
(the template-method shape): the loop lives here, the per-step work in the
subclass's file."""
import torch


class BaseTrainer:
    def __init__(self, net, loader, lr=0.1):
        self.net = net.cuda()
        self.loader = loader
        self.opt = torch.optim.SGD(self.net.parameters(), lr=lr)

    def compute_loss(self, batch):
        """Returns the loss of one batch."""
        raise NotImplementedError

    def check_setup(self):
        ...

    def run(self, epochs):
        self.check_setup()  # ok: GPU201 (once, before the loop)
        for epoch in range(epochs):
            for batch in self.loader:
                loss = self.compute_loss(batch)  # expect: GPU201 "compute_loss() runs `loss.item()`"
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
