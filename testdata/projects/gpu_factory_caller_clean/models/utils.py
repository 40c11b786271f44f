"""The factory builds a plain CPU model; only a helper the evaluation never
calls moves anything to the GPU."""
import torch


def create_model(config):
    return torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 1))


def to_gpu(module):
    return module.cuda()
