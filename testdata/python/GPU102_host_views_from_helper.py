# A scene fitter keeps its training views in a host array a helper loads
# and normalizes (`np.stack(...) / 255.0`), then copies one view to the GPU
# on every step. Arithmetic on host arrays stays on the host; views moved to
# the GPU once, or normalized against a GPU tensor, are no host slice.
import imageio
import numpy as np
import torch
import torch.nn as nn


def read_views(paths):
    return (np.stack([imageio.imread(p) for p in paths], 0) / 255.0).astype(np.float32)


def read_views_centered(paths, mean):
    return np.stack([imageio.imread(p) for p in paths], 0) - mean


def fit(paths, steps):
    device = torch.device("cuda")
    views = read_views(paths)
    field = nn.Sequential(nn.Linear(2, 64), nn.ReLU(), nn.Linear(64, 3)).to(device)
    opt = torch.optim.Adam(field.parameters(), lr=5e-4)
    for it in range(steps):
        k = np.random.randint(len(views))
        target = torch.from_numpy(views[k]).to(device)  # expect: GPU102 "slices a batch out of a host array"
        uv = torch.rand(1024, 2, device=device)
        px = (uv * (target.shape[0] - 1)).long()
        loss = ((field(uv) - target[px[:, 0], px[:, 1], :3]) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def fit_staged(paths, steps):
    device = torch.device("cuda")
    views = torch.from_numpy(read_views_centered(paths, np.float32(0.5))).to(device)
    field = nn.Sequential(nn.Linear(2, 64), nn.ReLU(), nn.Linear(64, 3)).to(device)
    opt = torch.optim.Adam(field.parameters(), lr=5e-4)
    for it in range(steps):
        k = np.random.randint(len(views))
        target = views[k].to(device)  # ok: GPU102 (the views were moved to the GPU once)
        uv = torch.rand(1024, 2, device=device)
        loss = ((field(uv) - target[:1024, 0, :3]) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def fit_scaled_on_gpu(paths, steps, gain):
    device = torch.device("cuda")
    views = read_views(paths) * gain.cuda()
    field = nn.Sequential(nn.Linear(2, 64), nn.ReLU(), nn.Linear(64, 3)).to(device)
    opt = torch.optim.Adam(field.parameters(), lr=5e-4)
    for it in range(steps):
        target = views[it % 4].to(device)  # ok: GPU102 (scaled by a GPU tensor: not a host array)
        loss = ((field(torch.rand(1024, 2, device=device)) - target[:1024, 0, :3]) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
