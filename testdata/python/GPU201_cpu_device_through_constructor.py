# A device handed to a constructor and kept on `self` is what its callers
# pass: `torch.device("cpu")` there makes `.to(self.metric_device)` of a
# host-made tensor no upload at all, and of a GPU tensor a copy to the host
# that waits for the step; the same code given `torch.device("cuda")` uploads
# a host-made tensor in the middle of the step.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tracker(nn.Module):
    def __init__(self, net, metric_device):
        super().__init__()
        self.net = net
        self.metric_device = metric_device

    def forward(self, x):
        return self.net(x)

    def margin(self, scores):
        eye = torch.eye(scores.shape[0]).to(self.metric_device)  # ok: GPU201 (a host device: nothing is uploaded)
        return (scores.detach().to(self.metric_device) * eye).sum()  # expect: GPU201 "copies a GPU tensor to the host"


class GpuTracker(nn.Module):
    def __init__(self, net, metric_device):
        super().__init__()
        self.net = net
        self.metric_device = metric_device

    def forward(self, x):
        return self.net(x)

    def margin(self, scores):
        eye = torch.eye(scores.shape[0]).to(self.metric_device)  # expect: GPU201 "copies it to the GPU"
        return (scores.detach() * eye).sum()


def fit_on_host(net, loader, device):
    tracker = Tracker(net.to(device), torch.device("cpu"))
    opt = torch.optim.SGD(tracker.parameters(), lr=0.1)
    for x, y in loader:
        scores = tracker(x.to(device, non_blocking=True))
        loss = F.cross_entropy(scores, y.to(device, non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
        tracker.margin(scores)


def fit_on_gpu(net, loader, device):
    tracker = GpuTracker(net.to(device), torch.device("cuda"))
    opt = torch.optim.SGD(tracker.parameters(), lr=0.1)
    for x, y in loader:
        scores = tracker(x.to(device, non_blocking=True))
        loss = F.cross_entropy(scores, y.to(device, non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
        tracker.margin(scores)
