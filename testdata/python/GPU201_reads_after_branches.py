# A read right after an if/else is part of the finding before it when the
# queue is drained whichever way the test goes: every branch syncs with
# little queued after it, or the branch taken on a default run does. When a
# branch may skip its read, or queues a forward pass after it, the read after
# the if waits on its own and is reported on its own.
import torch
import torch.nn.functional as F


@torch.no_grad()
def score(net, loader, device, binary):
    net.eval()
    hits, seen = 0.0, 0.0
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        out = net(x)
        weight = torch.ones_like(y, dtype=torch.float)
        if binary:
            hits += ((out.squeeze(1) > 0).long().eq(y).float() * weight).sum().item()  # expect: GPU201 "to the host"
        else:
            hits += (out.argmax(1).eq(y).float() * weight).sum().item()  # expect: GPU201 "to the host"
        seen += weight.sum().item()  # ok: GPU201 (drained by either branch)
    return hits / seen


@torch.no_grad()
def label(net, batches, device, keep_text=False):
    names, confidences = [], []
    for x in batches:
        probs = net(x.to(device, non_blocking=True)).softmax(-1)
        if keep_text:
            names += ["row%d" % i for i in range(len(x))]
        else:
            names += probs.argmax(-1).tolist()  # expect: GPU201 "to the host"
        confidences += probs.max(-1).values.tolist()  # ok: GPU201 (the default run took the else)
    return names, confidences


@torch.no_grad()
def audit(net, refiner, batches, device, refine):
    first, second = [], []
    for x in batches:
        x = x.to(device, non_blocking=True)
        out = net(x)
        if refine:
            first.append(out.mean().item())  # expect: GPU201 "to the host"
            out = refiner(out)
        else:
            first.append(out.std().item())  # expect: GPU201 "to the host"
        second.append(out.max().item())  # expect: GPU201 "to the host"
    return first, second


def journal(net, loader, opt, device, path):
    for step, (x, y) in enumerate(loader):
        loss = F.cross_entropy(net(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: {loss.item():.4f}")  # expect: GPU201 "to the host"
        with open(path, "a") as out:
            out.write(f"{step},{loss.item()}\n")  # ok: GPU201 (opening a file queues nothing: the same drain)


def main(net, refiner, loader, batches, flags):
    device = torch.device("cuda")
    net, refiner = net.to(device), refiner.to(device)
    score(net, loader, device, flags.binary)
    label(net, batches, device)
    audit(net, refiner, batches, device, flags.refine)
