"""GPU201: a test of an interval option against a number (`args.log_every > 0`)
says whether logging is on, not how often: with the default 1 it is on, and
the sync under it runs on every step. A counter compared with the interval
(`step - last >= args.log_every`) or a `%` guard is still periodic, and an
option whose value makes the test false (`args.trace_every > 0` with 0) is off."""
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--log_every", type=int, default=1)
parser.add_argument("--trace_every", type=int, default=0)
parser.add_argument("--print_interval", type=int, default=50)
args = parser.parse_args()

device = torch.device("cuda")
model = torch.nn.Linear(16, 2).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
data = torch.randn(256, 16)

last = 0
for step in range(1000):
    x = data.to(device)
    loss = model(x).sum()
    loss.backward()
    optimizer.step()
    if args.log_every > 0:
        print("loss", loss.item())  # expect: GPU201 "on every step of the training step loop"
    if args.trace_every > 0:
        print("trace", loss.item())  # ok: GPU201 (off: --trace_every defaults to 0)
    if step - last >= args.print_interval:
        print("loss", loss.item())  # ok: GPU201 (a counter compared with the interval)
        last = step
    if args.log_every > 0 and step % args.print_interval == 0:
        print("loss", loss.item())  # ok: GPU201 (every 50 steps)
