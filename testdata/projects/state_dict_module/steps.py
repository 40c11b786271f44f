"""A step-function factory in the JAX style: the run's state is a dict, and
the module is one of its entries."""
import torch


def make_step_fn(train):
    def step_fn(state, batch):
        f = state["model"]
        if train:
            opt = state["optimizer"]
            opt.zero_grad()
            loss = f(batch).pow(2).mean()
            loss.backward()
            opt.step()
            state["step"] += 1
        else:
            with torch.no_grad():
                loss = f(batch).pow(2).mean()
        return loss

    return step_fn


def make_scale_fn():
    def scale_fn(state, batch):
        g = state["scaler"]
        return g(batch).mean()

    return scale_fn
