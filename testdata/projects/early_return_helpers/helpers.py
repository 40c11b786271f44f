"""Helpers the step loop of train.py calls on every step. What follows an
early return runs only on the calls that get past it."""
import logging

import torch
import torch.distributed as dist

logger = logging.getLogger(__name__)


def sample_images(model, steps, every_n_steps):
    if every_n_steps is None or steps % every_n_steps != 0:
        return
    logger.info("sampling at step %d", steps)
    with torch.no_grad():
        image = model(torch.randn(1, 8, device="cuda"))
    torch.cuda.synchronize()
    return image.cpu()


def huber_threshold(loss_type, timesteps, table):
    if not (loss_type == "huber" or loss_type == "smooth_l1"):
        return None
    return torch.index_select(table, 0, timesteps.cpu()).to(timesteps.device)


def report_loss(loss, step):
    if dist.is_initialized() and dist.get_rank() != 0:
        return
    print(f"step {step}: loss {loss.item():.4f}")


def as_number(value):
    if isinstance(value, float):
        return value
    return value.item()



def loss_value(loss, batch):
    if len(batch) == 0:
        return 0.0
    return loss.item()


def sample_on_schedule(model, steps, every_n_steps, at_first):
    if steps == 0:
        if not at_first:
            return
    else:
        if steps % every_n_steps != 0:
            return
    logger.info("sampling at step %d", steps)


def count_matches(targets, batch_size):
    # The else of an empty-batch test is what nearly every call runs.
    if targets.shape[0] == 0:
        counts = torch.zeros(batch_size, device=targets.device)
    else:
        owner = targets[:, 0]
        counts = torch.zeros(batch_size, device=targets.device)
        for j in range(batch_size):
            hits = (owner == j).sum()
            if hits:
                counts[j] = hits
    return counts


def count_matches_by_mode(targets, batch_size, exact):
    # Which branch runs depends on the caller's configuration.
    if exact:
        counts = torch.bincount(targets[:, 0].long(), minlength=batch_size)
    else:
        owner = targets[:, 0]
        counts = torch.zeros(batch_size, device=targets.device)
        for j in range(batch_size):
            hits = (owner == j).sum()
            if hits:
                counts[j] = hits
    return counts
