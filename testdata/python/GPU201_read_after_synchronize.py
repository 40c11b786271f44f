# A step timer that calls torch.cuda.synchronize() and then prints the step's
# values: the synchronize drains the queue, so the reads right after it wait
# for nothing more and are part of its finding. A read after the next forward
# pass waits again and is a finding of its own.
import time

import torch


def train(model, optimizer, steps):
    model = model.to("cuda")
    for step in range(steps):
        t0 = time.time()
        x = torch.randn(256, 64, device="cuda")
        loss = model(x).square().mean()
        optimizer.zero_grad()
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        torch.cuda.synchronize()  # expect: GPU201 "Line 21 reads a GPU value right after it"
        print(f"step {step} | norm {norm:.4f} | {(time.time() - t0) * 1000:.1f} ms")  # ok: GPU201 (part of the synchronize's finding)
        probe = model(x).abs().max()
        print(f"probe {probe:.3f}")  # expect: GPU201 "formats the GPU tensor `probe`"


def train_any_device(model, optimizer, steps, device):
    model = model.to(device)
    for step in range(steps):
        x = torch.randn(256, 64, device=device)
        loss = model(x).square().mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        # On the CUDA node the synchronize always runs before the print.
        if device == "mps":
            torch.mps.synchronize()
        elif device == "cuda":
            torch.cuda.synchronize()  # expect: GPU201 "the synchronize already drained the queue"
        print(f"step {step} loss {loss:.4f}")  # ok: GPU201 (part of the synchronize's finding)
