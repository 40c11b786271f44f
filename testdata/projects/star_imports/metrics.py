"""Metrics a training script pulls in with `from metrics import *`."""


def top_k_accuracy(scores, targets, k):
    _, ind = scores.topk(k, 1, True, True)
    hits = ind.eq(targets.view(-1, 1).expand_as(ind))
    total = hits.view(-1).float().sum()
    return total.item() * (100.0 / targets.size(0))


def count_items(batch):
    return len(batch)
