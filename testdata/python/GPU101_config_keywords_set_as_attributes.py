# A settings object whose __init__ copies every keyword onto itself
# (`setattr(self, k, v)` over **kwargs), its defaults written as class
# attributes: what the script passes, else the class attribute, is the value.
import torch
from torch.utils.data import DataLoader, Dataset


class Shards(Dataset):
    def __len__(self):
        return 10000

    def __getitem__(self, i):
        with open(f"shard_{i % 64}.bin", "rb") as f:
            raw = f.read(4096)
        return torch.frombuffer(bytearray(raw), dtype=torch.uint8).float()


class FitSettings:
    epochs = 3
    loader_procs = 0
    batch = 64
    pin = True

    def __init__(self, **overrides):
        for name, value in overrides.items():
            setattr(self, name, value)


class Fitter:
    def __init__(self, net, data, settings):
        self.net = net.cuda()
        self.data = data
        self.settings = settings

    def run(self):
        s = self.settings
        opt = torch.optim.SGD(self.net.parameters(), lr=0.01)
        loader = DataLoader(self.data, batch_size=s.batch, num_workers=s.loader_procs, pin_memory=s.pin)  # expect: GPU101 "num_workers resolves to 0"
        for _ in range(s.epochs):
            for x in loader:
                loss = self.net(x.cuda(non_blocking=True)).square().mean()
                opt.zero_grad()
                loss.backward()
                opt.step()


class Evaluator:
    def __init__(self, net, data, settings):
        self.net, self.data, self.settings = net.cuda(), data, settings

    @torch.no_grad()
    def run(self):
        s = self.settings
        loader = DataLoader(self.data, batch_size=s.batch, num_workers=s.loader_procs, pin_memory=True)  # ok: GPU101 (the script passes 8)
        return sum(self.net(x.cuda(non_blocking=True)).sum() for x in loader)


if __name__ == "__main__":
    Fitter(torch.nn.Linear(4096, 1), Shards(), FitSettings(epochs=10, batch=128)).run()
    Evaluator(torch.nn.Linear(4096, 1), Shards(), FitSettings(loader_procs=8)).run()
