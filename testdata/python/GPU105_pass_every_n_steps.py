"""Validation passes the training step loop runs every N steps: a loader
without persistent_workers starts its workers again for every pass."""
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


def score(net, loader, device):
    total = torch.zeros((), device=device)
    with torch.no_grad():
        for x, y in loader:
            total += F.mse_loss(net(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
    return total


def train(args, train_set, val_set, test_set, probe_set):
    device = torch.device("cuda")
    net = torch.nn.Linear(16, 16).to(device)
    opt = torch.optim.AdamW(net.parameters(), 2e-4)
    train_loader = DataLoader(train_set, batch_size=16, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    val_loader = DataLoader(val_set, batch_size=8, num_workers=2, pin_memory=True)  # expect: GPU105 "every N steps (`step % args.eval_every == 0`)"
    test_loader = DataLoader(test_set, batch_size=8, num_workers=2, pin_memory=True)  # expect: GPU105 "iterated again by the loop at line 13"
    kept_loader = DataLoader(val_set, batch_size=8, num_workers=2, pin_memory=True, persistent_workers=True)  # ok: GPU105 (keeps its workers)
    final_loader = DataLoader(probe_set, batch_size=8, num_workers=2, pin_memory=True)  # ok: GPU105 (one pass, after the last step)
    step = 0
    for x, y in train_loader:
        loss = F.mse_loss(net(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % args.eval_every == 0:
            err = torch.zeros((), device=device)
            with torch.no_grad():
                for vx, vy in val_loader:
                    err += F.mse_loss(net(vx.to(device, non_blocking=True)), vy.to(device, non_blocking=True))
            print("val", err.item())
        if step % args.test_every == 0:
            print("test", score(net, test_loader, device).item())
            print("kept", score(net, kept_loader, device).item())
        step += 1
        if step == args.steps:
            print("probe", score(net, final_loader, device).item())
            break


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--eval-every", type=int, default=1000)
    p.add_argument("--test-every", type=int, default=5000)
    p.add_argument("--steps", type=int, default=100000)
    train(p.parse_args(), None, None, None, None)
