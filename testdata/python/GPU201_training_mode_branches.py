# Code one mode of the model runs: nn.Module.train() sets `training` on a model
# and its submodules, eval() clears it. A training step loop never takes the
# evaluation side of `if model.training:` (the code after its `return`, the
# `else`, the right side of `self.training is False and ...`), and a pass
# after `.eval()` never takes the training side. A value made only in
# training mode (`if self.training: cap = ...` a GPU tensor) is no tensor where
# only evaluation mode reads it.
import torch
import torch.nn as nn

device = torch.device("cuda")


class Refiner(nn.Module):
    def __init__(self, rounds):
        super().__init__()
        self.rounds = rounds
        self.layer = nn.Linear(16, 16)

    def forward(self, x, cap=None):
        if cap is None:
            cap = self.rounds
        if self.training:
            cap = torch.randint(1, self.rounds + 1, (x.shape[0],)).to(x.device)  # expect: GPU201 "on the host"
        for r in range(self.rounds):
            if self.training is False and r >= cap:  # ok: GPU201 (cap is an int in evaluation mode)
                break
            x = self.layer(x)
        return x


def host_metric(pred, gold):
    agree = (pred.argmax(-1) == gold.argmax(-1)).float().cpu()  # expect: GPU201 "every batch of the evaluation loop"
    return agree.mean()


def shared_step(net, xb, yb):
    if net.training:
        out = net(xb)  # ok: GPU205 (the training side, not taken after .eval())
        return (out - yb).pow(2).mean()
    with torch.no_grad():
        return host_metric(net(xb), yb)


def split_step(net, xb, yb, log):
    if net.training:
        return (net(xb) - yb).pow(2).mean()
    else:
        log.append((net(xb) - yb).abs().max().item())  # ok: GPU201 (evaluation side, reached from training only)
        return None


def validate(net, batches):  # ok: GPU205 (its forward without no_grad is the training side)
    net.eval()
    scores = []
    for xb, yb in batches:
        scores.append(shared_step(net, xb.to(device), yb.to(device)))
    return scores


def validate_plain(net, batches):  # expect: GPU205 "with autograd on"
    net.eval()
    total = 0
    for xb, yb in batches:
        total = total + (net(xb.to(device)) - yb.to(device)).pow(2).sum()
    return total


class RunConfig:
    training = False


def train(net, batches, opt, cfg=RunConfig()):
    net.train()
    log = []
    for xb, yb in batches:
        if not cfg.training:
            log.append(xb.to(device).sum().item())  # expect: GPU201 "every step of the training step loop"
        loss = shared_step(net, xb.to(device), yb.to(device))  # ok: GPU201 (host_metric is the evaluation side)
        loss = loss + split_step(net, xb.to(device), yb.to(device), log)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    model = Refiner(4).to(device)
    data = [(torch.randn(8, 16), torch.randn(8, 16)) for _ in range(32)]
    train(model, data, torch.optim.SGD(model.parameters(), lr=0.1))
    validate(model, data)
    validate_plain(model, data)
