"""One loader of pretrained weights for every model of the project: it hands
back the module it was given, with the load report."""
import torch


def load_pretrained(model, path):
    state = torch.load(path, map_location="cpu")
    report = model.load_state_dict(state["model"], strict=False)
    return model, report


def freeze(module):
    for p in module.parameters():
        p.requires_grad_(False)
    return module
