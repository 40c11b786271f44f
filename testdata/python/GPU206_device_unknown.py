"""A step loop whose device comes from the environment: it may be a GPU, so
the script is not known to run on the CPU and the step-loop rules apply."""
import os

import torch


def train(model, loader, optimizer):
    device = torch.device(os.environ["TRAIN_DEVICE"])
    model.to(device)
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x.to(device)), y.to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print("step", step)  # expect: GPU206 "logs on every step"
