"""The same evaluation, on the CPU: the factory it calls places nothing on a
GPU, so its `.item()` reads a host tensor."""
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
        losses.append(loss.item())  # ok: GPU201 (no GPU path: the factory called keeps the model on the CPU)
    return np.mean(losses)
