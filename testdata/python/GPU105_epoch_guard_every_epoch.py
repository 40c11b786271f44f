"""GPU105: an evaluation behind `epoch % args.evaluation_interval == 0` runs on
every epoch when the interval resolves to 1 (also as a term of an `or`, or
beside a rank test in an `and`), so its loader restarts its
workers on every epoch like an unguarded one. An interval of 5 (or one
whose value is unknown) keeps the evaluation off most epochs: no finding."""
import argparse
import os

import torch
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=100)
parser.add_argument("--evaluation_interval", type=int, default=1)
parser.add_argument("--test_interval", type=int, default=5)
parser.add_argument("--val_freq", type=int, default=1)
args = parser.parse_args()

device = torch.device("cuda")
model = torch.nn.Linear(16, 2).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train_set = torch.utils.data.TensorDataset(torch.randn(512, 16))
train_loader = DataLoader(train_set, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
val_loader = DataLoader(train_set, batch_size=32, num_workers=4, pin_memory=True)  # expect: GPU105 "each of the 100 epochs"
test_loader = DataLoader(train_set, batch_size=32, num_workers=4, pin_memory=True)  # ok: GPU105 (every 5th epoch)
holdout_loader = DataLoader(train_set, batch_size=32, num_workers=4, pin_memory=True)  # expect: GPU105 "each of the 100 epochs"
probe_loader = DataLoader(train_set, batch_size=32, num_workers=4, pin_memory=True)  # ok: GPU105 (interval unknown)
main_loader = DataLoader(train_set, batch_size=32, num_workers=4, pin_memory=True)  # expect: GPU105 "each of the 100 epochs"
rare_loader = DataLoader(train_set, batch_size=32, num_workers=4, pin_memory=True)  # ok: GPU105 (the other term is every 5th epoch)
rank = int(os.environ.get("RANK", -1))


@torch.no_grad()
def evaluate(loader):
    model.eval()
    for (x,) in loader:
        model(x.to(device, non_blocking=True))
    model.train()


for epoch in range(args.epochs):
    for (x,) in train_loader:
        loss = model(x.to(device, non_blocking=True)).sum()
        loss.backward()
        optimizer.step()
    if epoch % args.evaluation_interval == 0:
        evaluate(val_loader)
    if epoch % args.test_interval == 0:
        evaluate(test_loader)
    if epoch % args.val_freq == 0 or epoch == args.epochs - 1:
        evaluate(holdout_loader)
    if (epoch + 1) % int(os.environ["PROBE_EVERY"]) == 0:
        evaluate(probe_loader)
    if (epoch % args.val_freq == 0 or epoch == args.epochs - 1) and rank in [-1, 0]:
        evaluate(main_loader)
    if epoch % args.val_freq == 0 and epoch % args.test_interval == 0:
        evaluate(rare_loader)
