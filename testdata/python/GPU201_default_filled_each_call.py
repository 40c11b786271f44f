# `if x is None: x = ...` fills a default: in a helper called on every step
# it runs on every call (the local is None again each time); only a value
# kept across the passes of a loop (or on the object) is filled once.
import torch


def clip_or_measure(model, clip):
    norm = None
    if clip > 0:
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
    if norm is None:
        norm = torch.stack([p.grad.norm() for p in model.parameters()]).norm().item()  # expect: GPU201 "clip_or_measure() called at line 31"
    return norm


class Scaler:
    def __init__(self):
        self.reference = None

    def update(self, loss):
        if self.reference is None:
            self.reference = loss.detach().abs().item()  # ok: GPU201 (set once on the object: lazy initialisation)
        return loss / self.reference


def train(model, loader, optimizer, clip, scaler):
    first = None
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
        loss.backward()
        clip_or_measure(model, clip)
        optimizer.step()
        if first is None:
            first = loss.item()  # ok: GPU201 (kept across the passes: filled on the first step only)
        scaler.update(loss)
