# accelerate's Accelerator.log() hands its values to the trackers named by
# `log_with`: an Accelerator made without one has no tracker, so the call
# formats and writes nothing, and reads nothing from the GPU.
import torch
from accelerate import Accelerator


def train_quiet(model, loader, optimizer):
    accelerator = Accelerator(mixed_precision="bf16")
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for step, batch in enumerate(loader):
        loss = model(**batch).loss
        accelerator.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        accelerator.log({"train_loss": loss, "step": step})  # ok: GPU206 GPU201 (no tracker: log() writes nothing)


def train_tracked(model, loader, optimizer):
    accelerator = Accelerator(mixed_precision="bf16", log_with="tensorboard", project_dir="runs")
    accelerator.init_trackers("demo")
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for step, batch in enumerate(loader):
        loss = model(**batch).loss
        accelerator.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        accelerator.log({"lr": optimizer.param_groups[0]["lr"], "step": step})  # expect: GPU206 "logs on every step"


def train_configured(model, loader, optimizer, accelerator_kwargs):
    accelerator = Accelerator(**accelerator_kwargs)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for step, batch in enumerate(loader):
        loss = model(**batch).loss
        accelerator.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        accelerator.log({"lr": optimizer.param_groups[0]["lr"]})  # expect: GPU206 "logs on every step"
