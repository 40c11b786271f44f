"""Step functions built by factories: the training script calls the closure
they return, and the closure runs the backward pass and the optimizer step."""
import torch


def make_update(lr, clip):
    def update(optimizer, params):
        for group in optimizer.param_groups:
            group["lr"] = lr
        torch.nn.utils.clip_grad_norm_(params, clip)
        optimizer.step()

    return update


def make_step(update, training):
    def step(state, batch):
        net = state["net"]
        if training:
            state["opt"].zero_grad()
            loss = net(batch).pow(2).mean()
            loss.backward()
            update(state["opt"], net.parameters())
        else:
            with torch.no_grad():
                loss = net(batch).pow(2).mean()
        return loss

    return step
