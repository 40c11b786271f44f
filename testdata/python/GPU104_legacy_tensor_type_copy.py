"""`batch.type(torch.cuda.FloatTensor)` (or an alias chosen by a CUDA flag)
copies the batch to the GPU like `.cuda()`; without non_blocking=True a
pinned batch's copy blocks the host."""
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--workers", type=int, default=6)
opt = parser.parse_args()

cuda = torch.cuda.is_available()
Tensor = torch.cuda.FloatTensor if cuda else torch.FloatTensor


def validate(net, dataset):
    loader = DataLoader(dataset, batch_size=16, num_workers=opt.workers, pin_memory=True, persistent_workers=True)
    net.eval()
    scores = []
    for imgs, targets in loader:
        imgs = imgs.type(Tensor)  # expect: GPU104 "`imgs.type(Tensor)` copies a pinned batch"
        with torch.no_grad():
            scores.append(net(imgs).softmax(-1))
    return torch.cat(scores)


def train(net, dataset, epochs):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=opt.workers, pin_memory=True,
                        persistent_workers=True)
    optim = torch.optim.Adam(net.parameters())
    for epoch in range(epochs):
        for imgs, targets in loader:
            imgs = imgs.type(torch.cuda.FloatTensor, non_blocking=True)  # ok: GPU104 (asynchronous already)
            targets = targets.cuda(non_blocking=True).type(torch.long)  # ok: GPU104 (a dtype cast on the GPU)
            loss = F.cross_entropy(net(imgs), targets)
            optim.zero_grad()
            loss.backward()
            optim.step()


def train_unpinned(net, dataset, epochs):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=opt.workers, persistent_workers=True)  # expect: GPU103 "pin_memory is omitted"
    optim = torch.optim.Adam(net.parameters())
    for epoch in range(epochs):
        for imgs, targets in loader:
            imgs = imgs.type(Tensor)
            targets = targets.type(torch.cuda.LongTensor)
            loss = F.cross_entropy(net(imgs), targets)
            optim.zero_grad()
            loss.backward()
            optim.step()
