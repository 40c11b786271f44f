# A decode head that refines its output with a few forward passes of its own
# in `forward_test`: the model's own computation, whose grad mode its caller
# sets (a flow's inverse walking its steps backwards too). An evaluator object's loop over a loader, and a model's own
# `evaluate(loader)` method, still walk evaluation data with autograd on.
import torch
import torch.nn as nn
import torch.nn.functional as F


class PointRefineHead(nn.Module):
    def __init__(self, channels=64, classes=19):
        super().__init__()
        self.fc = nn.Conv1d(channels + classes, classes, 1)

    def forward(self, fine, coarse):
        return self.fc(torch.cat([fine, coarse], dim=1))

    def forward_test(self, feats, coarse_logits, test_cfg):
        logits = coarse_logits.clone()
        for _ in range(test_cfg.subdivision_steps):  # ok: GPU205 (the head's own refinement passes)
            logits = F.interpolate(logits, scale_factor=2.0, mode="bilinear")
            fine = F.interpolate(feats, size=logits.shape[-2:], mode="bilinear")
            logits = self.forward(fine.flatten(2), logits.flatten(2)).view_as(logits)
        return logits

    def evaluate(self, loader):  # expect: GPU205
        scores = []
        for feats, coarse in loader:
            scores.append(self(feats.cuda(), coarse.cuda()).mean())
        return scores


class Flow(nn.Module):
    def __init__(self, steps=4, channels=8):
        super().__init__()
        self.steps = nn.ModuleList([nn.Conv1d(channels, channels, 1) for _ in range(steps)])

    def forward(self, x):
        for step in self.steps:
            x = step(x)
        return x

    def infer(self, z):
        for k in reversed(range(len(self.steps))):  # ok: GPU205 (the flow's inverse, step by step)
            z = self.steps[k](z)
        return z


class Evaluator:
    def __init__(self, model, loader):
        self.model = model.cuda().eval()
        self.loader = loader

    def evaluate(self):  # expect: GPU205
        total = 0.0
        for images, labels in self.loader:
            logits = self.model(images.cuda(non_blocking=True))
            total += (logits.argmax(1) == labels.cuda(non_blocking=True)).float().sum()
        return total
