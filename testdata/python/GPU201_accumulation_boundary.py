# `if accelerator.sync_gradients:` holds at the end of each gradient
# accumulation cycle: once every 8 micro-batches here, so a read under it is
# periodic. Without accumulation it holds on every step.
import torch
import torch.nn.functional as F
from accelerate import Accelerator
from accelerate.utils import GradientAccumulationPlugin


def tune(model, loader, opt):
    accelerator = Accelerator(gradient_accumulation_steps=8)
    model, opt, loader = accelerator.prepare(model, opt, loader)
    updates, history = 0, []
    for x, y in loader:
        with accelerator.accumulate(model):
            loss = F.cross_entropy(model(x), y)
            accelerator.backward(loss)
            opt.step()
            opt.zero_grad()
        if accelerator.sync_gradients:
            updates += 1
            history.append(loss.item())  # ok: GPU201 (once per accumulation cycle)


def tune_plugin(model, loader, opt, accumulate):
    accelerator = Accelerator(gradient_accumulation_plugin=GradientAccumulationPlugin(num_steps=accumulate))
    model, opt, loader = accelerator.prepare(model, opt, loader)
    for x, y in loader:
        with accelerator.accumulate(model):
            loss = F.cross_entropy(model(x), y)
            accelerator.backward(loss)
            opt.step()
            opt.zero_grad()
        if accelerator.sync_gradients:
            print(loss.item())  # ok: GPU201 GPU206 (the accumulation count is unknown: periodic)


def tune_plain(model, loader, opt):
    accelerator = Accelerator()
    model, opt, loader = accelerator.prepare(model, opt, loader)
    history = []
    for x, y in loader:
        loss = F.cross_entropy(model(x), y)
        accelerator.backward(loss)
        opt.step()
        opt.zero_grad()
        if accelerator.sync_gradients:
            history.append(loss.item())  # expect: GPU201 "on every step"
