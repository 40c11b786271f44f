"""The loop calls a step closure made in another module: it is the step loop,
and the loss the closure backpropagates through is on the GPU."""
import torch

import objectives


def fit(net, stream, n_steps, log_every):
    net = net.cuda()
    state = dict(net=net, opt=torch.optim.Adam(net.parameters(), lr=1e-4), step=0)
    step_fn = objectives.make_step(objectives.make_update(1e-4, 1.0), training=True)
    batches = iter(stream)
    total = 0.0
    for i in range(n_steps):
        batch = next(batches).cuda(non_blocking=True)
        loss = step_fn(state, batch)
        total += loss.item()  # expect: GPU201 "`loss` comes from"
        if i % log_every == 0:
            print(i, loss.item())  # ok: GPU201 (under a periodic guard)
    return total / n_steps
