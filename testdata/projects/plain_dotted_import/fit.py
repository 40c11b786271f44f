# `import zoo.ring` then `zoo.ring.RingNet()`: the plain dotted import
# imports zoo/ring.py (not only the package name it binds), so the model
# module, which never places anything on the GPU itself, is on the script's
# GPU path and the sync in its forward is reported at the call.
import torch
from torch.utils.data import DataLoader, TensorDataset

import zoo.ring


def main():
    data = TensorDataset(torch.randn(2048, 16), torch.randint(0, 1024, (2048,)))
    loader = DataLoader(data, batch_size=128, num_workers=4, pin_memory=True, persistent_workers=True)
    net = zoo.ring.RingNet()
    net.cuda()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(20):
        for x, y in loader:
            x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
            loss = torch.nn.functional.cross_entropy(net(x), y)  # expect: GPU201 "int(self.head)"
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
