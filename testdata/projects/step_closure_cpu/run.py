"""The same step closure in a script with no GPU anywhere: the loss lives on
the CPU, and reading it is no device sync."""
import torch

import objectives


def fit(net, stream, n_steps):
    state = dict(net=net, opt=torch.optim.Adam(net.parameters(), lr=1e-4), step=0)
    step_fn = objectives.make_step(objectives.make_update(1e-4, 1.0), training=True)
    batches = iter(stream)
    total = 0.0
    for i in range(n_steps):
        loss = step_fn(state, next(batches))
        total += loss.item()  # ok: GPU201 (no GPU path: a CPU tensor)
    return total / n_steps
