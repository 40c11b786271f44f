"""A loss set in both arms of a branch on an option: the message names where
the default run's loss comes from, not the arm an off flag would take."""
import argparse

import torch
from torch.utils.data import DataLoader


def fit(args, loader, device):
    body = torch.nn.Linear(32, 16).to(device)
    wide = torch.nn.Linear(16, 1).to(device)
    narrow = torch.nn.Linear(16, 1).to(device)
    opt = torch.optim.SGD(body.parameters(), lr=0.1)
    for x in loader:
        feats = body(x.to(device, non_blocking=True))
        if args.wide_head:
            loss = wide(feats).pow(2).mean()
        else:
            loss = narrow(feats).abs().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(loss.item())  # expect: GPU201 "comes from `narrow(feats)` at line 19"


def probe(args, loader, device):
    body = torch.nn.Linear(32, 16).to(device)
    wide = torch.nn.Linear(16, 1).to(device)
    narrow = torch.nn.Linear(16, 1).to(device)
    with torch.no_grad():
        for x in loader:
            feats = body(x.to(device, non_blocking=True))
            if not args.narrow_probe:
                score = wide(feats).mean()
            else:
                score = narrow(feats).mean()
            print(float(score))  # expect: GPU201 "comes from `wide(feats)` at line 34"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--wide-head", action="store_true")
    p.add_argument("--narrow-probe", action="store_true")
    args = p.parse_args()
    loader = DataLoader(range(100), batch_size=10, num_workers=4, pin_memory=True, persistent_workers=True)
    fit(args, loader, torch.device("cuda"))
    probe(args, loader, torch.device("cuda"))
