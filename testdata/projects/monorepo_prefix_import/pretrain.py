# A tree synced out of a monorepo: the script imports its model with the
# monorepo's package prefix (`corp.vision.bank.store`), while the module sits
# at bank/store.py beside it. The name without the prefix is the module
# beside the script, so the sync in the model's forward is reported at the
# call in the step loop. `torch.nn.functional` keeps naming torch's module.
import torch
import torch.nn as nn
import torch.nn.functional
from torch.utils.data import DataLoader, TensorDataset

import corp.vision.bank.store


def main():
    data = TensorDataset(torch.randn(2048, 16), torch.randint(0, 1024, (2048,)))
    loader = DataLoader(data, batch_size=128, num_workers=4, pin_memory=True, persistent_workers=True)
    net = corp.vision.bank.store.QueueNet().cuda()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(20):
        for x, y in loader:
            x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
            logits = net(x)  # expect: GPU201 "int(self.cursor)"
            loss = torch.nn.functional.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
