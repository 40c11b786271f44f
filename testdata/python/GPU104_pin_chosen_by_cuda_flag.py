"""A loader that pins only when the script runs with CUDA
(`pin_memory=True if opts.cuda else False`) is pinned on the GPU node the
job is submitted to, so its blocking copies are reported there. A loader
pinned only off CUDA (the arms swapped) is not pinned on that node."""
import argparse

import torch
import torchvision

parser = argparse.ArgumentParser()
parser.add_argument("--no-cuda", action="store_true")
opts = parser.parse_args()
opts.cuda = not opts.no_cuda and torch.cuda.is_available()

val_set = torchvision.datasets.ImageFolder("/data/val", transform=torchvision.transforms.ToTensor())
pinned = torch.utils.data.DataLoader(val_set, batch_size=64, num_workers=8, pin_memory=True if opts.cuda else False)
unpinned = torch.utils.data.DataLoader(val_set, batch_size=64, num_workers=8, pin_memory=False if opts.cuda else True)
net = torchvision.models.resnet50()
if opts.cuda:
    net.cuda()
net.eval()

correct = 0
with torch.no_grad():
    for images, labels in pinned:
        if opts.cuda:
            images = images.cuda()  # expect: GPU104 "pinned batch"
            labels = labels.cuda(non_blocking=True)  # ok: GPU104 (asynchronous already)
        correct += (net(images).argmax(1) == labels).sum()
    for images, labels in unpinned:
        if opts.cuda:
            images = images.cuda()  # ok: GPU104 (this loader does not pin on a CUDA node)
        correct += (net(images).argmax(1) == labels).sum()
print(int(correct))
