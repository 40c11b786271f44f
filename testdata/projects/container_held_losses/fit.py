# Loss modules reached through an nn.ModuleList handed to the epoch
# function: `objectives[1]` is the MarginLoss the list holds at that index,
# and the MemoryQueue's buffers are on the GPU because the list holding it
# was moved (`objectives.cuda()`). Both read the GPU in every step. The
# tally nobody moves keeps its buffer on the host.
import torch
from torch import nn

from objectives import HostTally, MarginLoss, MemoryQueue


def run_epoch(loader, net, objectives, queue, tally, opt):
    main = objectives[0]
    extra = objectives[1]
    for x, y, ids in loader:
        x, y, ids = x.cuda(non_blocking=True), y.cuda(non_blocking=True), ids.cuda(non_blocking=True)
        feats, scores = net(x)
        loss = main(scores, y) + extra(scores, y)  # expect: GPU201 "MarginLoss.forward() runs"
        loss = loss + queue(feats, ids)  # expect: GPU201 "MemoryQueue.forward() runs"
        opt.zero_grad()
        loss.backward()
        opt.step()
        tally(x.shape[0])  # ok: the tally's buffer never leaves the host


class TwoHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(16, 16)
        self.cls = nn.Linear(16, 10)

    def forward(self, x):
        f = self.body(x)
        return f, self.cls(f)


def main(loader):
    net = TwoHead().cuda()
    queue = MemoryQueue(16, 4096)
    objectives = nn.ModuleList([nn.CrossEntropyLoss(), MarginLoss(), queue])
    objectives.cuda()
    tally = HostTally()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(10):
        run_epoch(loader, net, objectives, queue, tally, opt)
