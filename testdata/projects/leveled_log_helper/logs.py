"""A rank-aware logging helper that logs at the level its caller passes."""
import logging

import torch.distributed as dist


def log_rank(msg, logger, level, rank=None):
    if rank is None or dist.get_rank() == rank:
        logger.log(level, msg)  # ok: GPU206 (reported at the callers that log at INFO)


def sync_tied_grads(model, logger):
    log_rank(f"syncing {len(list(model.parameters()))} tensors", logger=logger, level=logging.DEBUG)
    for p in model.parameters():
        if p.grad is not None and dist.is_initialized():
            dist.all_reduce(p.grad)


def report_progress(step, logger):
    log_rank(f"finished step {step}", logger=logger, level=logging.INFO, rank=0)
