# The usual top-k accuracy helper: its result passes through a topk, a
# transpose, a comparison, a reshape, a sum, an in-place scale and a list
# before the caller unpacks it. The chain is long, but every link keeps the
# value on the GPU, so reading it on every validation batch is a sync.
import torch


def accuracy(output, target, topk=(1,)):
    with torch.no_grad():
        maxk = max(topk)
        batch_size = target.size(0)
        _, pred = output.topk(maxk, 1, True, True)
        pred = pred.t()
        correct = pred.eq(target.view(1, -1).expand_as(pred))
        res = []
        for k in topk:
            correct_k = correct[:k].reshape(-1).float().sum(0, keepdim=True)
            res.append(correct_k.mul_(100.0 / batch_size))
        return res


def validate(model, val_loader, meters):
    model.eval()
    with torch.no_grad():
        for images, target in val_loader:
            output = model(images.cuda(non_blocking=True))
            acc1, acc5 = accuracy(output, target.cuda(non_blocking=True), topk=(1, 5))
            meters["top1"].update(acc1[0].item(), images.size(0))  # expect: GPU201 "Line 29 reads a GPU value right after it"
            meters["top5"].update(acc5[0].item(), images.size(0))  # ok: GPU201 (read right after line 28: part of its finding)
