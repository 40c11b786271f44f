# A GPU tensor compared with None gives a Python bool (torch does not read the
# device to answer it), so `if prev != None:` costs nothing; the comparison
# of two GPU tensors beside it is a truth value read on every step.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def main():
    device = torch.device("cuda")
    net = nn.Linear(32, 1).to(device)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    loader = DataLoader(TensorDataset(torch.randn(2048, 32), torch.randn(2048, 1)), batch_size=64, shuffle=True,
                        num_workers=2, pin_memory=True, persistent_workers=True)
    prev = None
    spikes = 0
    for epoch in range(10):
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = nn.functional.mse_loss(net(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if prev != None:  # ok: GPU201 — compared with None: a Python bool
                delta = loss.detach() - prev
                if delta > 0.5:  # expect: GPU201 "delta > 0.5"
                    spikes += 1
            prev = loss.detach()
    print(spikes)


if __name__ == "__main__":
    main()
