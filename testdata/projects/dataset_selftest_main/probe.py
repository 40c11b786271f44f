# A module the trainer imports whose own `__main__` block benchmarks the
# model on the GPU: that run idles the GPU like any other.
import torch
from torch.utils.data import DataLoader

from points import PointSet


def build(width=64):
    return torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(512 * 3, width), torch.nn.Linear(width, 10))


if __name__ == "__main__":
    net = build().cuda()
    loader = DataLoader(PointSet(512), batch_size=16)  # expect: GPU101, GPU103
    with torch.no_grad():
        for pts, labels in loader:
            net(pts.cuda(non_blocking=True))
