"""GPU206 fixture: a log whose branch turns its own flag off (one flag per hint network, kept in a list)
runs once per flag, not on every sampling step; a branch that clears nothing still logs every step."""
import logging

import torch

logger = logging.getLogger(__name__)


@torch.no_grad()
def sample(unet, hints, steps=50):
    x = torch.randn(1, 4, 64, 64, device="cuda")
    hint_enabled = [True] * len(hints)
    timesteps = torch.linspace(1.0, 0.0, steps, device="cuda")
    for i, t in enumerate(timesteps):
        for j, ((hint_net, ratio), enabled) in enumerate(zip(hints, hint_enabled)):
            if not enabled or ratio >= 1.0:
                continue
            if ratio < i / steps:
                logger.info("hint %d switched off at step %d", j, i)  # ok: GPU206 (once per hint: the branch clears its flag)
                hint_enabled[j] = False
        for j, (hint_net, ratio) in enumerate(hints):
            if hint_enabled[j] and ratio < 0.5 and i > steps // 2:
                logger.info("hint %d past half way", j)  # ok: GPU206 (once per hint)
                hint_enabled[j] = False
        for j, (hint_net, ratio) in enumerate(hints):
            if not hint_enabled[j]:
                continue
            if ratio < i / steps:
                logger.info("hint %d still active at step %d", j, i)  # expect: GPU206 "logs on every batch"
        x = unet(x, t)
    return x
