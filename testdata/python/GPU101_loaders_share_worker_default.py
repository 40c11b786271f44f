# Two loaders whose worker count is the same argparse default: changing the
# default fixes both, so they are one finding, at the loader the training
# loop iterates; the pre-pass loader that caches features is its related
# location. A loader with a count of its own is a finding of its own.
import argparse

import torch
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

parser = argparse.ArgumentParser()
parser.add_argument("--loader_workers", type=int, default=0)
parser.add_argument("--eval_workers", type=int, default=0)
args = parser.parse_args()

data = datasets.CIFAR10(".", train=True, download=True, transform=transforms.ToTensor())
held_out = datasets.CIFAR10(".", train=False, download=True, transform=transforms.ToTensor())
encoder = torch.nn.Conv2d(3, 8, 4, stride=4).cuda().eval()
head = torch.nn.Linear(8 * 64, 10).cuda()
opt = torch.optim.AdamW(head.parameters())

cache_loader = DataLoader(data, batch_size=256, num_workers=args.loader_workers, pin_memory=True)  # ok: GPU101 (same default as line 30: part of its finding)
features = []
with torch.no_grad():
    for images, _ in cache_loader:
        features.append(encoder(images.cuda(non_blocking=True)).flatten(1))
features = torch.cat(features)

train_loader = DataLoader(
    data, batch_size=128, shuffle=True, num_workers=args.loader_workers, pin_memory=True)  # expect: GPU101 "The DataLoader at line 22 takes its worker count from the same place"
for epoch in range(5):
    for images, labels in train_loader:
        logits = head(encoder(images.cuda(non_blocking=True)).flatten(1))
        loss = torch.nn.functional.cross_entropy(logits, labels.cuda(non_blocking=True))
        loss.backward()
        opt.step()
        opt.zero_grad()

eval_loader = DataLoader(held_out, batch_size=512, num_workers=args.eval_workers, pin_memory=True)  # expect: GPU101 "argparse default of --eval_workers"
hits = torch.zeros((), device="cuda")
with torch.no_grad():
    for images, labels in eval_loader:
        hits += head(encoder(images.cuda(non_blocking=True)).flatten(1)).argmax(1).eq(labels.cuda(non_blocking=True)).sum()
print(hits.item())
