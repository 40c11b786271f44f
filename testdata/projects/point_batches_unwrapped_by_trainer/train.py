# The loader is built here and iterated by a trainer of another module,
# whose step unwraps the batch dimension of one.
import torch
from torch.utils.data import DataLoader, TensorDataset

from fitting.samples import SurfacePoints
from fitting.trainer import *

if __name__ == "__main__":
    net = torch.nn.Sequential(torch.nn.Linear(3, 128), torch.nn.ReLU(), torch.nn.Linear(128, 1))
    fitter = Fitter(net, torch.device("cuda"))
    points = SurfacePoints("bunny.obj", size=100)
    loader = DataLoader(points, batch_size=1, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)  # ok: GPU204 (each item is 65536 points)
    probe = DataLoader(SurfacePoints("bunny.obj", size=1), batch_size=1)  # expect: GPU101
    fitter.fit(loader, probe, 20)

    pairs = TensorDataset(torch.rand(5000, 3), torch.rand(5000, 1))
    pair_loader = DataLoader(pairs, batch_size=1, shuffle=True, num_workers=2, pin_memory=True, persistent_workers=True)  # expect: GPU204
    for epoch in range(20):
        fitter.score_epoch(pair_loader)
