"""Evaluation over a dataset of numpy batches. This file names no GPU: the
device is a config field, but the model factory it calls replicates the model
over the GPUs, so the run is on the GPU path."""
import numpy as np
import torch

from models import utils as mutils


def evaluate(config, eval_ds):
    model = mutils.create_model(config)
    losses = []
    for i, batch in enumerate(iter(eval_ds)):
        x = torch.from_numpy(batch["image"]).to(config.device)
        with torch.no_grad():
            loss = model(x).mean()
        losses.append(loss.item())  # expect: GPU201 "on every batch of the evaluation loop"
    return np.mean(losses)
