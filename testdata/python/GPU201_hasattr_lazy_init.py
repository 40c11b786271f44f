# A buffer made on first use (`if not hasattr(self, "pool"): self.pool = ...`)
# is made once: its branch creates the attribute it tests for. A read the
# method makes on every call is still per step.
import torch


class PoolTrainer:
    def __init__(self, net, pool_size=64):
        self.net = net.cuda()
        self.opt = torch.optim.Adam(self.net.parameters())
        self.pool_size = pool_size

    def remember(self, batch):
        if not hasattr(self, "pool"):
            self.pool = torch.zeros(self.pool_size, *batch.shape[1:]).cuda()  # ok: GPU201 (made on the first call only)
            self.filled = 0
        self.pool[: batch.size(0)] = batch
        self.filled = int(self.pool.abs().sum().item() > 0)  # expect: GPU201 "copies a GPU tensor to the host"

    def step(self, batch):
        batch = batch.cuda(non_blocking=True)
        self.remember(batch)
        loss = self.net(batch).abs().mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()


def train(net, loader):
    trainer = PoolTrainer(net)
    for epoch in range(10):
        for batch in loader:
            trainer.step(batch)
