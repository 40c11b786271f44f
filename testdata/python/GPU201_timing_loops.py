"""GPU201 fixture: loops that time one pass on a dummy batch made before them.

`for it in range(warmup + iters)` running the model (and its backward) on
the same inputs every pass, resetting its timers once the warm-up is over,
measures speed: the synchronize() before each toc() is what makes the
timing right, and no training step waits for it. A loop that draws a new
batch each pass is a step loop, and its synchronize() is reported.
"""
import time

import torch

WARMUP_ITER, NUM_ITER = 3, 30


class Timer:
    def __init__(self):
        self.total, self.calls, self.start = 0.0, 0, 0.0

    def tic(self):
        self.start = time.perf_counter()

    def toc(self):
        self.total += time.perf_counter() - self.start
        self.calls += 1

    def reset(self):
        self.total, self.calls = 0.0, 0


@torch.no_grad()
def compute_time_eval(model, batch_size):
    model.eval()
    inputs = torch.zeros(batch_size, 3, 224, 224).cuda()
    timer = Timer()
    for cur_iter in range(WARMUP_ITER + NUM_ITER):
        if cur_iter == WARMUP_ITER:
            timer.reset()
        timer.tic()
        model(inputs)
        torch.cuda.synchronize()  # ok: GPU201 (times one forward on a fixed batch)
        timer.toc()
    return timer.total / max(timer.calls, 1)


def compute_time_train(model, loss_fun, batch_size):
    model.train()
    inputs = torch.rand(batch_size, 3, 224, 224).cuda()
    labels = torch.zeros(batch_size, dtype=torch.int64).cuda()
    fw_timer, bw_timer = Timer(), Timer()
    for cur_iter in range(WARMUP_ITER + NUM_ITER):
        if cur_iter == WARMUP_ITER:
            fw_timer.reset()
            bw_timer.reset()
        fw_timer.tic()
        preds = model(inputs)
        loss = loss_fun(preds, labels)
        torch.cuda.synchronize()  # ok: GPU201 (times one forward)
        fw_timer.toc()
        bw_timer.tic()
        loss.backward()
        torch.cuda.synchronize()  # ok: GPU201 (times one backward)
        bw_timer.toc()
    return fw_timer.total, bw_timer.total


def train(model, loss_fun, optimizer, get_batch, steps):
    model.train()
    for step in range(steps):
        inputs, labels = get_batch("train")
        loss = loss_fun(model(inputs), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        torch.cuda.synchronize()  # expect: GPU201 "`torch.cuda.synchronize()` runs on every step"
