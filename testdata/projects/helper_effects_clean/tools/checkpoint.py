"""Checkpoint helpers: the write happens one call further down."""
import torch


def _write(state, path):
    torch.save(state, path)


def keep_weights(model, optimizer, path):
    state = {"model": model.state_dict(), "optimizer": optimizer.state_dict()}
    _write(state, path)


def maybe_keep_weights(step, model, path):
    # Spaced out inside the helper: calling it every step is fine.
    if step % 1000 == 0:
        torch.save(model.state_dict(), path)


def ping(depth):
    # Recursion through the project: summarised once, cut at the cycle.
    if depth > 0:
        pong(depth - 1)


def pong(depth):
    ping(depth)
