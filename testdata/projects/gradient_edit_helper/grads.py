import torch


def clip_each(model, limit):
    """Clips each parameter's gradient to `limit` by its own norm."""
    norms = []
    for name, p in model.named_parameters():
        if p.grad is None:
            continue
        norm = p.grad.detach().norm(2)
        norms.append(norm.item())  # ok: GPU201 (reported at the call in train.py, once per parameter tensor)
        scale = limit / (norm + 1e-6)
        if scale < 1:
            p.grad.detach().mul_(scale)
    return norms


def grad_report(model):
    """Only reads the norms, for a log line."""
    return [p.grad.norm().item() for p in model.parameters() if p.grad is not None]  # ok: GPU201 (reported at the call)
