"""No-grad entered indirectly: an ExitStack entering torch.no_grad(),
torch.inference_mode() as a context or decorator, torch.set_grad_enabled(False)
as a statement or a context. Evaluation under any of them builds no graph."""
import contextlib

import torch
import torch.nn as nn

device = torch.device("cuda")
model = nn.Linear(128, 10).to(device)


def evaluate_stacked(val_loader, use_amp):  # ok: GPU205 (the ExitStack enters no_grad)
    model.eval()
    with contextlib.ExitStack() as stack:
        stack.enter_context(torch.no_grad())
        if use_amp:
            stack.enter_context(torch.autocast("cuda"))
        for images, _ in val_loader:
            model(images.to(device, non_blocking=True))


def evaluate_inference_mode(val_loader):  # ok: GPU205
    model.eval()
    with torch.inference_mode():
        for images, _ in val_loader:
            model(images.to(device, non_blocking=True))


@torch.inference_mode()
def validate(val_loader):  # ok: GPU205
    model.eval()
    for images, _ in val_loader:
        model(images.to(device, non_blocking=True))


def evaluate_grad_switch(val_loader):  # ok: GPU205
    model.eval()
    torch.set_grad_enabled(False)
    for images, _ in val_loader:
        model(images.to(device, non_blocking=True))
    torch.set_grad_enabled(True)


def test_model(test_loader):  # ok: GPU205
    model.eval()
    with torch.set_grad_enabled(False):
        for images, _ in test_loader:
            model(images.to(device, non_blocking=True))


def evaluate_with_grad(val_loader):  # expect: GPU205 "runs the model forward"
    model.eval()
    with contextlib.ExitStack() as stack:
        stack.enter_context(torch.autocast("cuda"))
        for images, _ in val_loader:
            model(images.to(device, non_blocking=True))
