"""Helpers that walk a model's parameters by name: each parameter of a model
on the GPU is a GPU tensor, and its name is a plain string."""
import torch


def clip_each_parameter(model, max_norm):
    norms = []
    for name, param in model.named_parameters():
        if param.grad is None:
            continue
        grad_norm = param.grad.norm(2)
        norms.append(grad_norm.item())
        param.grad.mul_(torch.clamp(max_norm / (grad_norm + 1e-6), max=1.0))
    return norms


def scale_gradients(model, factor):
    with torch.no_grad():
        for name, param in model.named_parameters():
            if param.grad is not None and not name.endswith("bias"):
                param.grad.mul_(factor)
