# A loop that runs forward and backward on the same input a fixed number of
# times, with no optimizer step, times a layer: it trains nothing, and the
# synchronisation around each pass is what the measurement needs. A loop
# that draws a new batch on each pass (micro-steps of gradient accumulation)
# is a step loop even without its own optimizer step.
import time

import torch
import torch.nn.functional as F


def synced_clock():
    if torch.cuda.is_available():
        torch.cuda.synchronize()  # ok: GPU201 (called only around benchmarked passes)
    return time.perf_counter()


def benchmark_layers(layers, sample, repeats=20):
    device = torch.device("cuda")
    sample = sample.to(device).requires_grad_()
    for layer in layers:
        layer = layer.to(device)
        forward_ms, backward_ms = 0.0, 0.0
        for _ in range(repeats):
            start = synced_clock()  # ok: GPU201 (the pass is being timed)
            out = layer(sample)
            middle = synced_clock()  # ok: GPU201
            out.float().mean().backward()
            end = synced_clock()  # ok: GPU201
            forward_ms += (middle - start) * 1000 / repeats
            backward_ms += (end - middle) * 1000 / repeats
        print(f"{type(layer).__name__}: forward {forward_ms:.2f} ms, backward {backward_ms:.2f} ms")


def train(model, optimizer, next_batch, steps, accumulation):
    model = model.cuda()
    for step in range(steps):
        for _ in range(accumulation):
            inputs, targets = next_batch()
            loss = F.cross_entropy(model(inputs.cuda()), targets.cuda()) / accumulation
            loss.backward()
            total = loss.item()  # expect: GPU201 "loss.item()"
        optimizer.step()
        optimizer.zero_grad()
        if step % 100 == 0:
            print(step, total)
