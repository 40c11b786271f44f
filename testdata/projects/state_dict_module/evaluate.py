"""Evaluation over host batches: the module the state holds runs on the
GPU, so the loss it returns is a GPU tensor; the host rescaling function the
state also holds is not a module."""
import numpy as np
import torch

import steps


def evaluate(batches):
    device = torch.device("cuda")
    net = torch.nn.Linear(32, 32).to(device)
    state = dict(model=net, scaler=lambda x: x * 2 - 1, step=0)
    eval_step = steps.make_step_fn(train=False)
    scale_fn = steps.make_scale_fn()
    totals, scales = [], []
    for i in range(len(batches)):
        x = torch.from_numpy(np.asarray(batches[i], dtype=np.float32))
        loss = eval_step(state, x)
        totals.append(loss.item())  # expect: GPU201 "`loss.item()` copies the GPU tensor `loss`"
        scales.append(scale_fn(state, x).item())  # ok: GPU201 (the scaler entry is a host function of a host batch)
    return sum(totals) / len(totals), scales
