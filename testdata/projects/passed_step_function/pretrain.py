"""The step is a closure handed to a timing helper in another module: the
loop that hands it over is the step loop, so what the closure and the
helper do happens on every step. A closure only registered for later, in
a loop over callbacks, runs nothing there."""
import torch
import torch.nn.functional as F

from profiling import cuda_timed, on_epoch_end


def pretrain(encoder, loader, optimizer, epochs, callbacks):
    device = torch.device("cuda:0")
    encoder = encoder.to(device)
    for epoch in range(epochs):
        for it, (views, target) in enumerate(loader):
            views = views.to(device, non_blocking=True)
            target = target.to(device, non_blocking=True)

            def step():
                loss = F.mse_loss(encoder(views), target)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                return float(loss)  # expect: GPU201 "through cuda_timed() called at line 26"

            loss, elapsed = cuda_timed(step)  # expect: GPU201 "cuda_timed() runs `torch.cuda.synchronize()`"
            if it % 50 == 0:
                print(epoch, it, loss, elapsed)  # ok: GPU206 (under a periodic guard)

        for name in callbacks:

            def report():
                print("epoch done", name)  # ok: GPU206 (registered, not run, in this loop)

            on_epoch_end(report)
            print("registered", name)  # ok: GPU206 (a loop over callbacks, not batches)
