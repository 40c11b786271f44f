"""Point-cloud fitting (Gaussian-splatting style): the points are an
nn.Parameter of a GPU tensor, a GPU tensor itself. Selecting with a boolean
mask made from them (`peak[visible]`, and inside a helper method that gets
the mask as a parameter) returns a tensor whose size depends on GPU values:
the host waits for the GPU on every step while the points still grow."""
import torch
import torch.nn as nn


class GrowthStats:
    def __init__(self, n, device):
        self.grad_sum = torch.zeros(n, 1, device=device)
        self.hits = torch.zeros(n, 1, device=device)

    def add(self, grads, visible):
        self.grad_sum[visible] += torch.norm(grads[visible], dim=-1, keepdim=True)  # expect: GPU201 "grads[visible]"
        self.hits[visible] += 1

    def add_rows(self, grads, rows):
        self.grad_sum[rows] += torch.norm(grads[rows], dim=-1, keepdim=True)  # ok: GPU201 (rows are host indices)


def fit(iters=30_000, grow_until=15_000, n=200_000):
    device = torch.device("cuda")
    points = nn.Parameter(torch.randn(n, 3, device=device))
    opt = torch.optim.Adam([points], lr=1e-3)
    stats = GrowthStats(n, device)
    peak = torch.zeros(n, device=device)
    rows = torch.arange(0, n, 7)
    for it in range(iters):
        radius = points.norm(dim=-1)
        loss = (radius - 1.0).square().mean()
        loss.backward()
        with torch.no_grad():
            if it < grow_until:
                visible = radius < 2.0
                peak[visible] = torch.maximum(peak[visible], radius[visible])  # expect: GPU201 "peak[visible]"
            opt.step()
            opt.zero_grad(set_to_none=True)
        if it < grow_until:
            stats.add(points.grad, radius.detach() < 2.0)
            stats.add_rows(points.grad, rows)


if __name__ == "__main__":
    fit()
