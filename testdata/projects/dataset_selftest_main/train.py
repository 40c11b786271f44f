import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from points import PointSet
from probe import build


def main():
    net = build().cuda()
    opt = torch.optim.Adam(net.parameters())
    loader = DataLoader(PointSet(512), batch_size=32, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(10):
        for pts, labels in loader:
            loss = F.cross_entropy(net(pts.cuda(non_blocking=True)), labels.cuda(non_blocking=True))
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
