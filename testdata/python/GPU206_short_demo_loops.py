"""Demo loops of a few iterations, with the count written in the script: per
step work there adds up to a handful of events in all (RULES.md "How often a
line runs"). A count from the command line, a longer loop, or a short loop
that an epoch loop repeats is still a step loop."""
import argparse
import logging

import torch
import torch.nn.functional as F

logger = logging.getLogger(__name__)
parser = argparse.ArgumentParser()
parser.add_argument("--iters", type=int, default=10)
args = parser.parse_args()

device = torch.device("cuda")
model = torch.nn.Linear(64, 64).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=0.25)
inp = torch.rand(20, 64, device=device)

num_iters = 10
for i in range(num_iters):
    model(inp).sum().backward()
    optimizer.step()
    logger.info(f"demo iter {i} completed")  # ok: GPU206 (ten passes in all)

for i in range(2, 22):
    model(inp).sum().backward()
    optimizer.step()
    print("twenty passes", i)  # ok: GPU206

for i in range(args.iters):
    model(inp).sum().backward()
    optimizer.step()
    print("iteration", i)  # expect: GPU206 "every step"

long_run = 500
for i in range(long_run):
    model(inp).sum().backward()
    optimizer.step()
    print("iteration", i)  # expect: GPU206 "every step"


def train(epochs):
    steps_per_epoch = 12
    for epoch in range(epochs):
        for step in range(steps_per_epoch):
            loss = F.mse_loss(model(inp), inp)
            loss.backward()
            optimizer.step()
            print("step", step)  # expect: GPU206 "every step"
