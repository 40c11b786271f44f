# An upload or a synchronize waits only for what is queued on the GPU. At the
# start of a pass, that is what the last pass left: nothing, when every pass
# ends by reading a result back (`loss.item()`, `x.to("cpu")`) or by
# synchronizing. A blocking copy of the loop's own batch empties it too, but
# GPU103/GPU104 make that copy asynchronous: what counts is what was queued
# before it. The read that drains the pass's work is the finding.
import time

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")
weight_dtype = torch.float16


def timed_training(net, opt, batch, steps=1000):
    for step in range(steps):
        torch.cuda.synchronize()  # ok: GPU201 (the last pass ended with a synchronize)
        start = time.perf_counter()
        loss = net(batch).square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        value = loss.detach().item()  # expect: GPU201 ".item()"
        torch.cuda.synchronize()
        print(f"{step} {value:.4f} {time.perf_counter() - start:.3f}s")


@torch.no_grad()
def score(net, loader, classes):
    hits = 0
    for points, labels in loader:
        points, labels = points.cuda(), labels.cuda()
        votes = torch.zeros(labels.size(0), classes).cuda()  # ok: GPU201 (the copies above emptied the queue)
        for _ in range(3):
            votes += net(points)
        hits += votes.argmax(1).eq(labels).sum().item()  # expect: GPU201 ".item()"
    return hits


def fit_with_state(net, opt, loader):
    for points, labels in loader:
        points, labels = points.to(device), labels.to(device)
        # Once GPU103's fix makes the copies above asynchronous, this copy
        # waits for the last step's backward and update: it stays a finding.
        state = torch.zeros(points.size(0), 16).to(device)  # expect: GPU201 "makes a tensor on the host"
        loss = nn.functional.cross_entropy(net(points) + state, labels)
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def sample(net, noise, timesteps=50):
    frames = []
    x = noise
    for i in reversed(range(timesteps)):
        t = (torch.ones(x.size(0)) * i).to(device)  # ok: GPU201 (the last timestep ended with a copy to the host)
        x = x - 0.1 * net(x) * t[:, None]
        frames.append(x.to("cpu"))  # expect: GPU201 "copies the GPU tensor `x` to the host"
    return frames


@torch.no_grad()
def sample_on_gpu(net, noise, timesteps=50):
    x = noise
    for i in reversed(range(timesteps)):
        t = (torch.ones(x.size(0)) * i).to(device)  # expect: GPU201 "makes a tensor on the host"
        x = x - 0.1 * net(x) * t[:, None]
    return x


@torch.no_grad()
def render(net, loader):
    outputs = []
    for (noise,) in loader:
        noise = noise.to(device, non_blocking=True)
        outputs.append((net(noise), sample(net, noise), sample_on_gpu(net, noise)))
    return outputs


@torch.no_grad()
def rank_pairs(net, feats_on_host, queries):
    scores = []
    for i, q in enumerate(queries):
        keys = feats_on_host[i].repeat(8, 1).to(device)
        weights = torch.ones(keys.size(0)).to(device)  # expect: GPU201 "makes a tensor on the host"
        scores.append(net(keys * weights[:, None] + q))
    return torch.stack(scores)


def fit_cast(net, opt, batches):
    for feats in batches:
        x = (feats * 0.5).to(weight_dtype)  # a cast where the tensor is: it empties no queue
        keep = torch.rand(x.size(0)).cuda() < 0.9  # expect: GPU201 "makes a tensor on the host"
        loss = torch.where(keep[:, None], net(x), 0.0).square().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


class Contrast:
    def __init__(self, **parts):
        self.encoder = parts["encoder"]
        self.opt = parts["opt"]

    def fit(self, loader):
        for (views,) in loader:
            feats = self.encoder(views.to(device, non_blocking=True))
            targets = torch.arange(feats.size(0)).to(device)  # expect: GPU201 "makes a tensor on the host"
            loss = nn.functional.cross_entropy(feats, targets % feats.size(1))
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()


if __name__ == "__main__":
    model = nn.Linear(16, 16).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(512, 16), torch.randint(0, 16, (512,)))
    loader = DataLoader(data, batch_size=32, num_workers=4, persistent_workers=True)  # expect: GPU103
    timed_training(model, optimizer, torch.randn(32, 16, device=device))
    score(model, loader, 16)
    fit_with_state(model, optimizer, loader)
    render(model, DataLoader(TensorDataset(torch.randn(64, 16)), batch_size=4, num_workers=2, pin_memory=True,
                             persistent_workers=True))
    rank_pairs(model, torch.randn(100, 16), torch.randn(100, 16, device=device))
    views = DataLoader(TensorDataset(torch.randn(512, 16)), batch_size=32, num_workers=4, pin_memory=True,
                       persistent_workers=True)
    Contrast(encoder=model, opt=optimizer).fit(views)
