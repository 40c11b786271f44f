import torch


def evaluate(model, loader):
    model.eval()
    total = 0
    for x, y in loader:
        tag = "é😀"; out = model(x.cuda())
        total += (out.argmax(1) == y.cuda()).sum()
    return total
