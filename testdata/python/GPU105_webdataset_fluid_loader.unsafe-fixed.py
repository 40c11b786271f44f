# webdataset's WebLoader is a DataLoader: `.slice(n)` wraps it, and each
# epoch's loop over the wrapper iterates the loader again, restarting its
# workers. `.with_epoch(n)` keeps one iterator of the loader across its
# epochs, and persistent workers survive a new iteration.
import argparse

import torch
import webdataset as wds

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=30)
args = parser.parse_args()


def shards(pattern, batch):
    return wds.WebDataset(pattern).decode("torchrgb").to_tuple("jpg", "cls").batched(batch)


def train(net, opt):
    loader = wds.WebLoader(shards("train-{000..063}.tar", 64), batch_size=None, num_workers=6, pin_memory=True, persistent_workers=True)  # expect: GPU105 "6 workers"
    loader = loader.slice(500)
    for epoch in range(args.epochs):
        for img, cls in loader:
            loss = net(img.cuda(non_blocking=True)).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


def train_resumed(net, opt):
    loader = wds.WebLoader(shards("train-{000..063}.tar", 64), batch_size=None, num_workers=6, pin_memory=True)  # ok: GPU105 (with_epoch keeps its iterator)
    loader = loader.with_epoch(500)
    for epoch in range(args.epochs):
        for img, cls in loader:
            loss = net(img.cuda(non_blocking=True)).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


def train_persistent(net, opt):
    loader = wds.WebLoader(shards("train-{000..063}.tar", 64), batch_size=None, num_workers=6, pin_memory=True,  # ok: GPU105
                           persistent_workers=True).slice(500)
    for epoch in range(args.epochs):
        for img, cls in loader:
            loss = net(img.cuda(non_blocking=True)).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
