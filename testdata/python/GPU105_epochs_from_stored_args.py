"""A trainer class keeps the parsed options its constructor is given
(`self.args = args`) and reads the epoch count from them in its training
method: the count is the options' default, as if read from `args` itself,
when every construction (a subclass's too) passes the same options, also
through a `**kwargs` constructor (`self.args = kwargs["args"]`). A
trainer also built with options of unknown origin stays silent."""
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--workers", type=int, default=8)
parser.add_argument("--epochs", type=int, default=100)


class Trainer:
    def __init__(self, model, optimizer, args):
        self.args = args
        self.model = model.to(self.args.device)
        self.optimizer = optimizer

    def train(self, loader):
        for epoch in range(self.args.epochs):
            for x, y in loader:
                x = x.to(self.args.device, non_blocking=True)
                y = y.to(self.args.device, non_blocking=True)
                loss = torch.nn.functional.mse_loss(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()


class EMATrainer(Trainer):
    pass


class KeywordTrainer:
    def __init__(self, *args, **kwargs):
        self.args = kwargs["args"]
        self.model = kwargs["model"]

    def train(self, loader):
        for epoch in range(self.args.epochs):
            for x, _ in loader:
                loss = self.model(x.cuda(non_blocking=True)).sum()
                loss.backward()


class LegacyTrainer:
    def __init__(self, model, args):
        self.args = args
        self.model = model

    def fit(self, loader):
        for epoch in range(self.args.epochs):
            for x, y in loader:
                loss = self.model(x.cuda(non_blocking=True)).sum()
                loss.backward()


def main():
    args = parser.parse_args()
    args.device = torch.device("cuda")
    data = TensorDataset(torch.randn(1024, 8), torch.randn(1024, 1))
    loader = DataLoader(data, batch_size=64, num_workers=args.workers, pin_memory=True)  # expect: GPU105 "each of the 100 epochs"
    model = torch.nn.Linear(8, 1)
    Trainer(model, torch.optim.SGD(model.parameters(), lr=0.1), args=args).train(loader)
    EMATrainer(model, torch.optim.SGD(model.parameters(), lr=0.1), args).train(loader)
    LegacyTrainer(model, args).fit(loader)
    kw_loader = DataLoader(data, batch_size=64, num_workers=2, pin_memory=True)  # expect: GPU105 "each of the 100 epochs"
    KeywordTrainer(model=model, args=args).train(kw_loader)


def other(opts, model):
    loader = DataLoader(TensorDataset(torch.randn(64, 8), torch.randn(64, 1)), batch_size=8, num_workers=4, pin_memory=True)  # ok: GPU105 (one construction passes options of unknown origin: the epoch count is unknown)
    LegacyTrainer(model, opts).fit(loader)


if __name__ == "__main__":
    main()
