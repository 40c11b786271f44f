# A trainer base class whose loop calls a hook that the one subclass of the
# file fills in: the loop runs the subclass's hook on every step. A hook
# that two subclasses fill in stays unknown (which one runs is not known).
import torch


class LoopBase:
    def __init__(self, net, loader):
        self.net = net.cuda()
        self.loader = loader
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)

    def step_loss(self, x, y):
        raise NotImplementedError

    def report(self, loss):
        pass

    def fit(self, epochs):
        for epoch in range(epochs):
            for x, y in self.loader:
                loss = self.step_loss(x.cuda(non_blocking=True), y.cuda(non_blocking=True))
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                self.report(loss)


class SquaredError(LoopBase):
    def step_loss(self, x, y):
        loss = ((self.net(x).squeeze(-1) - y) ** 2).mean()
        print("loss", loss.item())  # expect: GPU201 "loss.item()"
        return loss

    def report(self, loss):
        print(float(loss))  # ok: GPU201 (two subclasses fill report in: which one runs is unknown)


class Quiet(SquaredError):
    def report(self, loss):
        pass


data = torch.utils.data.TensorDataset(torch.randn(256, 8), torch.randn(256))
loader = torch.utils.data.DataLoader(data, batch_size=32, num_workers=2, pin_memory=True, persistent_workers=True)
SquaredError(torch.nn.Linear(8, 1), loader).fit(3)
