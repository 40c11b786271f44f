"""The old way to feed a model: a CUDA buffer made once, refilled from each
batch with `buffer.resize_(x.size()).copy_(x)`. From a pinned batch the copy
blocks the host unless it passes non_blocking=True."""
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


def train(net, dataset, epochs):
    net = net.cuda()
    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    loader = DataLoader(dataset, batch_size=32, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    images = torch.FloatTensor(1).cuda()
    targets = torch.LongTensor(1).cuda()
    host_copy = torch.zeros(32, 3, 224, 224)
    previous = torch.zeros(32, 3, 224, 224, device="cuda")
    for epoch in range(epochs):
        for data in loader:
            images.resize_(data[0].size()).copy_(data[0], non_blocking=True)  # expect: GPU104 "`images.resize_(data[0].size()).copy_(data[0])` copies a pinned batch"
            targets.resize_(data[1].size()).copy_(data[1], non_blocking=True)  # ok: GPU104 (asynchronous already)
            host_copy.copy_(data[0])  # ok: GPU104 (a host buffer: no transfer)
            loss = F.cross_entropy(net(images), targets) + F.mse_loss(images, previous)
            previous.copy_(images)  # ok: GPU104 (GPU to GPU)
            opt.zero_grad()
            loss.backward()
            opt.step()
