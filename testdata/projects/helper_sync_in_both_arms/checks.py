"""A loss helper that stops the run on a non-finite loss: the test reads the
GPU value on every call."""
import torch


def checked_loss(net, x, y):
    loss = torch.nn.functional.mse_loss(net(x), y)
    if not torch.isfinite(loss):
        raise FloatingPointError("loss is not finite")
    return loss
