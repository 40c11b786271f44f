"""A visualization loop that only backpropagates (through the activation-map
helper) is no training step loop; a loop whose helper steps the optimizer is."""
import torch

from attribution import ActivationMap, fit_batch


def draw_maps(model, layer, clips_loader, canvas):
    model = model.cuda()
    cam = ActivationMap(model, layer)
    for clips, _ in clips_loader:
        weights, scores = cam(clips.cuda(non_blocking=True))
        canvas.add(weights.cpu(), scores.argmax(1).cpu())  # ok: GPU201 (a visualization loop, no weights updated)


def fit(model, optimizer, loader, epochs):
    model = model.cuda()
    for epoch in range(epochs):
        for clips, labels in loader:
            loss = fit_batch(model, optimizer, clips.cuda(non_blocking=True), labels.cuda(non_blocking=True))
            print(epoch, loss.item())  # expect: GPU201
