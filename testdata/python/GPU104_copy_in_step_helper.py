# The step loop hands each batch to a helper method (`self.train_step(batch)`)
# that copies it to the GPU: with a pinned loader the copy blocks the host on
# every step unless it is non_blocking. Copies of other values, copies that
# are asynchronous already and a helper called once stay silent.
import torch
from torch.utils.data import DataLoader, TensorDataset


class Trainer:
    def __init__(self, net, loader):
        self.net = net.cuda()
        self.loader = loader
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)
        self.reference = torch.randn(4, 8)

    def train_step(self, batch):
        x, y = batch
        x = x.cuda()  # expect: GPU104 "through train_step() called at line 35"
        y = y.to("cuda", non_blocking=True)  # ok: GPU104 (asynchronous already)
        ref = self.reference.cuda()  # ok: GPU104 (not the batch)
        loss = torch.nn.functional.cross_entropy(self.net(x) + 0 * self.net(ref).sum(), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss

    def preview(self, batch):
        x, _ = batch
        return self.net(x.cuda())  # ok: GPU104 (preview runs once, before training)

    def fit(self, epochs):
        self.preview(next(iter(self.loader)))
        for epoch in range(epochs):
            for batch in self.loader:
                self.train_step(batch)


data = TensorDataset(torch.randn(512, 8), torch.randint(0, 2, (512,)))
loader = DataLoader(data, batch_size=32, num_workers=2, pin_memory=True, persistent_workers=True)
Trainer(torch.nn.Linear(8, 2), loader).fit(epochs=3)
