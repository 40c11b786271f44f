# A `return` at the end of a branch leaves its function, a `break` its
# innermost loop: the branch runs once only when what it leaves is the step
# loop (or holds it). A helper called on every step that returns from a
# branch, or a break out of a per-item loop, still runs on every step.
import torch


def grad_norm(model, want_norm):
    if want_norm:
        total = sum(p.grad.detach().norm(2).item() ** 2 for p in model.parameters())  # expect: GPU201 "grad_norm() called at line 33"
        return total ** 0.5
    return None


def first_active(scores, thresholds):
    for t in thresholds:
        if t > 0.5:
            picked = scores.max().item()  # expect: GPU201 "first_active() called at line 34"
            break
    return t


def train(model, loader, optimizer, want_norm, thresholds):
    model.cuda()
    for step, (x, y) in enumerate(loader):
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        if not torch.isfinite(loss):  # expect: GPU201
            print("diverged at", step, loss.item())  # ok: GPU201 (the branch ends the training loop: once)
            break
        loss.backward()
        optimizer.step()
        norm = grad_norm(model, want_norm)
        first_active(loss, thresholds)
        optimizer.zero_grad()
