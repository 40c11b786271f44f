# A host table indexed with the step's GPU indices (a per-timestep weight
# looked up by `t` drawn on the device) is a lookup, not a batch cut from the
# data: a DataLoader would not replace it, so GPU102 stays silent there. The
# batch sliced from host arrays by the loop's counter is still reported.
import numpy as np
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, net, steps):
        self.net = net.cuda()
        self.opt = torch.optim.Adam(self.net.parameters())
        self.weights = torch.linspace(0.1, 1.0, steps)  # stays on the host

    def fit(self, features, targets, batch):
        xs = torch.from_numpy(np.asarray(features, dtype=np.float32))
        ys = torch.from_numpy(np.asarray(targets, dtype=np.int64))
        for start in range(0, len(xs), batch):
            x = xs[start:start + batch].cuda()  # expect: GPU102 "slices a batch out of a host array"
            y = ys[start:start + batch].cuda()
            t = torch.randint(0, len(self.weights), (x.shape[0],), device="cuda")
            loss = F.cross_entropy(self.net(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()

    def fit_weighted(self, loader):
        for x, y in loader:
            x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
            t = torch.randint(0, len(self.weights), (x.shape[0],), device="cuda")
            w = self.weights[t].cuda()  # ok: GPU102 (a lookup by the step's device indices, not a batch)
            loss = (F.cross_entropy(self.net(x), y, reduction="none") * w).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
