# A schedule that tests a GPU counter, then reads it again in the else: the
# test drained the queue, so the else's read waits for nothing more (one
# finding, the read named in it). An else that runs the model first waits again.
import math

import torch
import torch.nn.functional as F


def fit(net, loader, opt, warm_tokens=50_000, total_tokens=5_000_000):
    net = net.cuda()
    tokens = torch.zeros((), device="cuda")
    for x, y in loader:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = F.cross_entropy(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        tokens += (y >= 0).sum()
        if tokens < warm_tokens:  # expect: GPU201 "Lines 21 and 23 read GPU values right after it"
            scale = float(tokens) / warm_tokens  # ok: GPU201 (same drain)
        else:
            done = float(tokens - warm_tokens) / (total_tokens - warm_tokens)  # ok: GPU201 (same drain)
            scale = 0.5 * (1.0 + math.cos(math.pi * min(done, 1.0)))
        for group in opt.param_groups:
            group["lr"] = 3e-4 * scale


def fit_with_probe(net, loader, opt):
    net = net.cuda()
    seen = torch.zeros((), device="cuda")
    for x, y in loader:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = F.cross_entropy(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        seen += y.numel()
        if seen < 1000:  # expect: GPU201 "truth value"
            continue
        else:
            score = net(x).mean()
            print(float(score))  # expect: GPU201 "copies"
