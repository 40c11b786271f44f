"""Calling a project module (`scorer(logits, y)`, `self.recorder(loss)`) runs
its forward, as `scorer.forward(logits, y)` would: a host read that forward
makes on every call syncs on every step, reported at the read with the call
named. Not followed: a module whose forward stays on the GPU, a module with
a __call__ of its own, a plain class whose method happens to be named
forward, and a read on one branch of forward only (the branch may serve
another configuration of the instance, such as an exported runtime)."""
import torch
import torch.nn.functional as F
from torch import nn


class TopOneHits(nn.Module):
    def __init__(self):
        super().__init__()
        self.hits = 0

    def forward(self, scores, labels):
        self.hits += int((scores.argmax(-1) == labels).sum().item())  # expect: GPU201 "through scorer() called at line"
        return self.hits


class ScaledNll(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, scores, labels):
        return F.cross_entropy(scores, labels) * self.scale


class TopOneHitsPerHead(TopOneHits):
    """A subclass of a project module: still a module, its forward inherited."""


class ShapeOnly(nn.Module):
    def forward(self, scores, labels):
        return float(scores.sum().item())  # ok: GPU201 (ShapeOnly has its own __call__: calling it never runs forward)

    def __call__(self, scores, labels):
        return scores.shape[0] + labels.shape[0]


class NotAModule:
    def forward(self, scores):
        return scores.max().item()  # ok: GPU201 (no module: calling a NotAModule runs its __call__)

    def __call__(self, scores):
        return scores.numel()


class SwitchableRuntime(nn.Module):
    """Runs the network in torch, or hands the batch to a foreign runtime that
    takes host arrays; the mode is picked when the object is built."""

    def __init__(self, net, runtime="torch", session=None):
        super().__init__()
        self.net = net
        self.runtime = runtime
        self.session = session

    def forward(self, batch):
        if self.runtime == "torch":
            out = self.net(batch)
        elif self.runtime == "exported":
            host = batch.detach().cpu().numpy()  # ok: GPU201 (only the exported runtime's branch: not every call)
            out = torch.as_tensor(self.session.run(host)).to(batch.device)
        else:
            out = self.net(batch.float())
        return out


class LossRecorder(nn.Module):
    def __init__(self):
        super().__init__()
        self.history = []

    def forward(self, loss):
        self.history.append(loss.detach().cpu())  # expect: GPU201 "through recorder() called at line"


class Runner:
    def __init__(self, net, loader):
        self.net = net
        self.loader = loader
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)
        self.recorder = LossRecorder()
        self.criterion = ScaledNll(0.5)

    def fit(self, device):
        for x, y in self.loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = self.criterion(self.net(x), y)  # ok: GPU201 (ScaledNll.forward stays on the GPU)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.recorder(loss)


def main():
    device = torch.device("cuda")
    data = torch.utils.data.TensorDataset(torch.randn(512, 16), torch.randint(0, 4, (512,)))
    loader = torch.utils.data.DataLoader(data, batch_size=32, num_workers=4, pin_memory=True,
                                         persistent_workers=True)
    net = nn.Linear(16, 4).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    scorer, per_head, shape_only, not_module = TopOneHits(), TopOneHitsPerHead(), ShapeOnly(), NotAModule()
    criterion = ScaledNll(1.0)
    runtime = SwitchableRuntime(net)
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        scores = runtime(x)
        loss = criterion(scores, y)  # ok: GPU201 (ScaledNll.forward stays on the GPU)
        opt.zero_grad()
        loss.backward()
        opt.step()
        scorer(scores.detach(), y)
        per_head(scores.detach(), y)  # the same read as scorer(): one finding at its site
        shape_only(scores, y)
        not_module(scores)
    Runner(net, loader).fit(device)
