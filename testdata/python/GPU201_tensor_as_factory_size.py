# A torch factory reads its size as a Python int: handed a 0-d GPU tensor
# (a count of a mask, an element of a shapes tensor kept on the GPU), it
# copies that tensor to the host first. Sizes taken from `.shape` or from a
# host list cost nothing.
import torch

dev = torch.device("cuda")
net = torch.nn.Linear(4, 4).to(dev)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
level_shapes = [(4, 4), (2, 2)]


def grid_centers(level_hw, device):
    points = []
    for h, w in level_hw:
        ys = torch.linspace(0.5, h - 0.5, h, device=device)  # expect: GPU201 "takes its size as a Python int"
        points.append(ys)
    return torch.cat(points)


def host_centers(shapes, device):
    return torch.cat([torch.linspace(0.5, h - 0.5, h, device=device) for h, w in shapes])  # ok: sizes from a host list


def fit_masked(steps):
    for step in range(steps):
        x = torch.randn(8, 4, device=dev)
        keep = (net(x) > 0).sum()
        picked = torch.zeros(keep, device=dev)  # expect: GPU201 "copies the GPU tensor `keep` to the host"
        rows = torch.zeros(x.shape[0], device=dev)  # ok: a shape is a host int
        loss = net(x).sum() + picked.sum() + rows.sum()
        loss.backward()
        opt.step()


def fit_levels(steps):
    hw = torch.as_tensor(level_shapes, device=dev)  # ok: made once
    for step in range(steps):
        x = torch.randn(8, 4, device=dev)
        out = net(x)
        ref = grid_centers(hw, dev)
        ref_host = host_centers(level_shapes, dev)
        loss = out.sum() + ref.sum() + ref_host.sum()
        loss.backward()
        opt.step()


fit_masked(1000)
fit_levels(1000)
