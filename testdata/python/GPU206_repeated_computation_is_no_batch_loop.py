# A loop that repeats one computation a fixed number of times (k-means
# refinement of a codebook, power iteration) walks no batches: its prints
# run a handful of times, once, not per batch. A counted loop whose counter
# picks the batch, or that draws batches from an iterator, is a batch loop.
import torch


class Codebook(torch.nn.Module):
    def __init__(self, size=256, dim=8, n_iters=12):
        super().__init__()
        self.n_iters = n_iters
        self.register_buffer("centres", torch.zeros(size, dim))

    @torch.no_grad()
    def fit(self, points):
        centres = points[torch.randperm(points.shape[0])[: self.centres.shape[0]]]
        for r in range(self.n_iters):
            owner = torch.cdist(points, centres).argmin(1)
            centres = torch.stack([points[owner == k].mean(0) for k in range(centres.shape[0])])
            empty = torch.isnan(centres).any(1)
            print("round %d/%d: %d empty" % (r + 1, self.n_iters, int(empty.sum())))  # ok: GPU206 (12 rounds, once)
            centres[empty] = 0.0
        self.centres.copy_(centres)


@torch.no_grad()
def score(model, shards, n_iter):
    model = model.cuda().eval()
    for i in range(n_iter):
        x = shards[i].cuda()
        print("shard", i, model(x).shape)  # expect: GPU206


@torch.no_grad()
def score_stream(model, stream, n_iter):
    model = model.cuda().eval()
    source = iter(stream)
    for i in range(n_iter):
        x = next(source).cuda()
        out = model(x)
        print("batch", i, tuple(out.shape))  # expect: GPU206
