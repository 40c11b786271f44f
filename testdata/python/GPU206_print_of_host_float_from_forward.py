"""A module whose forward (behind a project decorator that moves its
arguments to the device) runs micro-batches and returns the summed loss as a
Python float: calling it hands back no tensor, so printing the result every
step is per-step logging (GPU206), and the call is no second sync: the
.item() inside forward's own loop is the one finding."""
import functools

import torch
from torch import nn


def moved_to_device(fn):
    @functools.wraps(fn)
    def wrapper(self, *tensors):
        return fn(self, *(t.to(self.device, non_blocking=True) for t in tensors))

    return wrapper


class MicroBatchRegressor(nn.Module):
    def __init__(self, micro=16):
        super().__init__()
        self.device = torch.device("cuda")
        self.head = nn.Linear(64, 64).to(self.device)
        self.opt = torch.optim.SGD(self.head.parameters(), lr=0.05)
        self.micro = micro

    @moved_to_device
    def forward(self, x, y):
        running = 0.0
        for xs, ys in zip(x.split(self.micro), y.split(self.micro)):
            part = nn.functional.mse_loss(self.head(xs), ys) * (len(xs) / len(x))
            part.backward()
            running += part.item()  # expect: GPU201 "part.item()"
        return running


def main(steps=5_000):
    model = MicroBatchRegressor()
    for step in range(steps):
        x, y = torch.randn(128, 64), torch.randn(128, 64)
        total = model(x, y)  # ok: GPU201 (the float comes from forward's own .item(), reported there)
        model.opt.step()
        model.opt.zero_grad(set_to_none=True)
        print(f"step {step} loss {total:.4f}")  # expect: GPU206 "print"


if __name__ == "__main__":
    main()
