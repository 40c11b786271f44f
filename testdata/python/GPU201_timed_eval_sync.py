"""A synchronize that makes a per-batch time honest in an inference loop
(the outputs go to the host right after) is a measurement, not a stall to
remove; the same fence in a training step, or one that times nothing, is."""
import time

import torch


def benchmark(model, loader, sink):
    compute = 0.0
    with torch.no_grad():
        for images in loader:
            start = time.perf_counter()
            outputs = model(images.cuda(non_blocking=True))
            if torch.cuda.is_available():
                torch.cuda.synchronize()  # ok: GPU201 (fences the timer)
            compute += time.perf_counter() - start
            sink.append(outputs)
    return compute


def evaluate(model, loader):
    scores = []
    with torch.no_grad():
        for images in loader:
            outputs = model(images.cuda(non_blocking=True))
            torch.cuda.synchronize()  # expect: GPU201 "torch.cuda.synchronize()"
            scores.append(outputs)
    return scores


def train(model, loader, opt):
    for images in loader:
        start = time.time()
        loss = model(images.cuda(non_blocking=True)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        torch.cuda.synchronize()  # expect: GPU201 "torch.cuda.synchronize()"
        took = time.time() - start
        opt.param_groups[0]["lr"] = 0.1 if took < 1 else 0.05


def stopwatch():
    if torch.cuda.is_available():
        torch.cuda.synchronize()  # ok: GPU201 (only inference passes are timed with it)
    return time.time()


def detect(model, loader):
    forward_time = 0.0
    boxes = []
    with torch.no_grad():
        for images in loader:
            t = stopwatch()  # ok: GPU201 (a timer of the inference pass)
            outputs = model(images.cuda(non_blocking=True))
            forward_time += stopwatch() - t  # ok: GPU201
            boxes.append(outputs)
    return boxes, forward_time


def train_clock():
    torch.cuda.synchronize()  # expect: GPU201 "torch.cuda.synchronize()"
    return time.perf_counter()


def finetune(model, loader, opt):
    for images in loader:
        t = train_clock()
        loss = model(images.cuda(non_blocking=True)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        opt.param_groups[0]["lr"] = 0.1 if train_clock() - t < 1 else 0.05
