"""GPU201: a branch that tests a name for None is off when the name is an
object on every path the configured run takes (`scaler = None`, then
`if args.amp: scaler = GradScaler()` with --amp on by default), or None on
every path (built only when a parameter no caller passes is set). A name
None on the default path (--fp16 is store_true), one a function returns, and
one a later statement of the loop sets again stay unknown: those branches
still run on every step, and so does a test of a member of self (code
outside the class may set it). `if not args.use_ema:` with --use_ema on is off."""
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--amp", type=int, default=1)
parser.add_argument("--fp16", action="store_true")
parser.add_argument("--use_ema", type=int, default=1)
args = parser.parse_args()

device = torch.device("cuda")


class Collector:
    def __init__(self):
        self.acc = torch.zeros(3, device=device)

    def update(self):
        return self.acc.cpu()


def make_scaler():
    return torch.cuda.amp.GradScaler() if torch.cuda.is_available() else None


def train(model, optimizer, data, ada_target=None):
    scaler = None
    if args.amp:
        scaler = torch.cuda.amp.GradScaler()
    half_scaler = torch.cuda.amp.GradScaler() if args.fp16 else None
    built = make_scaler()
    stats = Collector() if ada_target is not None else None
    history = None
    for step in range(1000):
        loss = model(data.to(device)).sum()
        if scaler is None:
            print(loss.item())  # ok: GPU201 (--amp is on: scaler is a GradScaler)
            loss.backward()
        else:
            print(loss.item())  # expect: GPU201 "on every step"
            scaler.scale(loss).backward()
        if half_scaler is None:
            print(loss.item())  # expect: GPU201 "on every step"
        if built is None:
            print(loss.item())  # expect: GPU201 "on every step"
        if stats is not None:
            stats.update()  # ok: GPU201 (ada_target is never passed: stats is None)
        if history is not None:
            print(history.item())  # expect: GPU201 "on every step"
        history = loss.detach()
        if not args.use_ema:
            print(loss.item())  # ok: GPU201 (--use_ema is on)
        optimizer.step()


class Trainer:
    def __init__(self, model):
        self.model = model
        self.ema = None  # set from outside (`trainer.ema = EMA(model)`) when a run wants it

    def fit(self, data):
        optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)
        for step in range(1000):
            loss = self.model(data.to(device)).sum()
            loss.backward()
            optimizer.step()
            if self.ema is None:
                print(loss.item())  # expect: GPU201 "on every step"


def main():
    model = torch.nn.Linear(16, 1).to(device)
    train(model, torch.optim.SGD(model.parameters(), lr=0.1), torch.randn(64, 16))
    Trainer(model).fit(torch.randn(64, 16))


main()
