# Metrics averaged across ranks: the pass reads a value, reduces the next
# ones with torch.distributed and reads them. A collective of the values the
# pass reads only feeds those reads: one metrics block, one finding (read and
# reduce every N steps, or once after the loop). A collective of anything
# else (gradients averaged by hand) is real work between two reads, which
# each wait for it: two findings.
import torch
import torch.distributed as dist
from torch import nn


def pixel_hits(pred, gold, n_cls):
    hit = pred[pred == gold]  # expect: GPU201 "only a collective between"
    return torch.bincount(hit, minlength=n_cls), torch.bincount(gold.view(-1), minlength=n_cls)


def train(net, opt, loader, n_cls, sharded=True):
    net.cuda()
    for img, gold in loader:
        img, gold = img.cuda(non_blocking=True), gold.cuda(non_blocking=True)
        logits = net(img)
        loss = nn.functional.cross_entropy(logits, gold)
        opt.zero_grad()
        loss.backward()
        opt.step()
        seen = img.size(0)
        if sharded:
            total = gold.new_tensor([seen])  # expect: GPU201 "only a collective between"
            dist.all_reduce(loss), dist.all_reduce(total)
            seen = total.item()  # ok: GPU201 (the same block, after the reduction of what it reads)
        hits, counts = pixel_hits(logits.argmax(1), gold, n_cls)
        if sharded:
            dist.all_reduce(hits), dist.all_reduce(counts)
        hits, counts = hits.cpu().numpy(), counts.cpu().numpy()  # ok: GPU201 (joined to the mask index above)
        print(loss.item() / seen, hits.sum() / counts.sum())  # ok: GPU201 (the same block)


def train_manual_allreduce(net, opt, loader):
    net.cuda()
    for img, gold in loader:
        img, gold = img.cuda(non_blocking=True), gold.cuda(non_blocking=True)
        loss = nn.functional.cross_entropy(net(img), gold)
        opt.zero_grad()
        loss.backward()
        first = loss.item()  # expect: GPU201 "copies the GPU tensor"
        for p in net.parameters():
            dist.all_reduce(p.grad)
        opt.step()
        print(first, loss.item())  # expect: GPU201 "copies the GPU tensor"
