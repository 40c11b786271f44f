# Reads that follow a drained queue are part of the first read's finding,
# also when they happen inside a helper of this file (a meter whose update()
# calls .item() on what it is given) and when only a later read brings a fix.
# A helper that launches a collective before its read waits again: a finding
# of its own.
import torch
import torch.distributed as dist


class Tracker:
    def __init__(self):
        self.last = {}

    def add(self, **values):
        for name, v in values.items():
            if torch.is_tensor(v):
                v = v.item()  # ok: GPU201 (part of the synchronize's finding at the call on line 40)
            self.last[name] = v


def averaged(x):
    if dist.is_available() and dist.is_initialized():
        dist.all_reduce(x)
        x = x / dist.get_world_size()
    return x.item()  # expect: GPU201 "through averaged() called at line 41"


def fit(net, opt, batches):
    net = net.cuda()
    tracker = Tracker()
    for inputs, targets in batches:
        inputs, targets = inputs.cuda(), targets.cuda()
        scores = net(inputs)
        loss = torch.nn.functional.mse_loss(scores, targets)
        spread = scores.std()
        opt.zero_grad()
        loss.backward()
        opt.step()
        torch.cuda.synchronize()  # expect: GPU201 "Line 40 reads a GPU value right after it"
        tracker.add(spread=spread)  # ok: GPU201 (reads inside add() after the drain)
        mean_loss = averaged(loss.detach())  # ok: GPU201 (reported in averaged(), where the collective waits again)
        print(mean_loss)


def score(net, batches):
    net = net.cuda()
    seen = hits = total_loss = 0
    with torch.no_grad():
        for inputs, labels, keep in batches:
            inputs, labels, keep = inputs.cuda(), labels.cuda(), keep.cuda()
            out = net(inputs)
            kept = keep.sum().item()  # expect: GPU201 "Lines 54 and 55 read GPU values right after it"
            seen += kept
            total_loss += torch.nn.functional.cross_entropy(out, labels).item() * kept  # ok: GPU201 (same drained queue)
            hits += out.argmax(-1).eq(labels).sum().detach()  # ok: GPU201 (same drained queue; its fix rides on line 52's finding)
    return hits / seen, total_loss / seen


def report(board, it, part, total):
    if board:
        board.add_scalar("loss/part", part.item(), it)  # ok: GPU201 (called right after line 77's read: part of its finding)
        board.add_scalar("loss/total", total.item(), it)  # ok: GPU201 (the same)


def fit_logged(net, opt, board, steps):
    # Reads inside `with torch.no_grad():`, then a helper's reads in the same
    # block, then reads after a loop over the step's metrics: one drained queue.
    smooth = 0.0
    for it in range(steps):
        x = torch.randn(256, 16, device="cuda")
        part = (net(x) - x).abs().mean()
        total = part + 0.1 * net(x).pow(2).mean()
        opt.zero_grad()
        total.backward()
        opt.step()
        with torch.no_grad():
            smooth = 0.9 * smooth + 0.1 * total.item()  # expect: GPU201 "Lines 78, 81 and 82 read GPU values right after it"
            report(board, it, part, total)
            stats = {"part": part, "total": total}
            for name, value in stats.items():
                stats[name] = value.item()  # ok: GPU201 (the helper above queued nothing: part of line 77's finding)
            print(smooth, part.item())  # ok: GPU201 (after the loop over the metrics: part of line 77's finding)
