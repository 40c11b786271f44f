"""Step loops timed with clock registries."""
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from clocks import HostClocks, MixedClocks, SyncedClocks


def batches():
    data = TensorDataset(torch.randn(4096, 32), torch.randint(0, 4, (4096,)))
    return DataLoader(data, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)


def train(net, opt, loader, device, epochs):
    clocks = SyncedClocks()
    for epoch in range(epochs):
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            clocks("forward").begin()  # expect: GPU201 "begin() runs `torch.cuda.synchronize()`"
            loss = F.cross_entropy(net(x), y)
            clocks("forward").end()  # expect: GPU201 "end() runs `torch.cuda.synchronize()`"
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()


def tune(net, opt, loader, device, synced):
    host = HostClocks()
    mixed = MixedClocks(synced)
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        host("forward").begin()  # ok: GPU201 (HostClock reads the host clock only)
        loss = F.cross_entropy(net(x), y)
        host("forward").end()  # ok: GPU201 (HostClock reads the host clock only)
        mixed("backward").begin()  # ok: GPU201 (the registry may hold a HostClock: which begin() runs is unknown)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        mixed("backward").end()  # ok: GPU201 (the registry may hold a HostClock)
        opt.step()


def main():
    device = torch.device("cuda")
    net = torch.nn.Linear(32, 4).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    train(net, opt, batches(), device, epochs=10)
    tune(net, opt, batches(), device, synced=torch.cuda.device_count() > 1)


if __name__ == "__main__":
    main()
