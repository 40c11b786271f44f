# A model output rebound only on some runs (`if args.refine:` with no else)
# by a function gpulint cannot see: when the branch is not taken, the GPU
# output itself reaches the read. In-place arithmetic (`mul_`) keeps a tensor
# where it is.
import torch
from postprocess import refine_boxes


def evaluate(model, loader, args):
    model.eval()
    scores, totals = [], 0.0
    with torch.no_grad():
        for x, y in loader:
            out = model(x.cuda(non_blocking=True))
            if args.refine:
                out = refine_boxes(out)
            scores.append(out.sum().item())  # expect: GPU201 "Line 19 reads a GPU value right after it"
            acc = out.argmax(1).eq(y.cuda(non_blocking=True)).float().mean().mul_(100.0)
            totals += acc.item()  # ok: GPU201 (read right after line 17's, only small kernels between: part of its finding)
    return scores, totals


def evaluate_on_host(model, loader, args):
    model.eval()
    scores = []
    with torch.no_grad():
        for x, _ in loader:
            out = model(x.cuda(non_blocking=True)).cpu()  # expect: GPU201 "copies a GPU tensor to the host on every batch"
            if args.refine:
                out = refine_boxes(out)
            scores.append(out.sum().item())  # ok: GPU201 (a host copy on every path gpulint can see)
    return scores
