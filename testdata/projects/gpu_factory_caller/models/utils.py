"""The model factory: the device comes from the run's config object, and the
model is replicated over the GPUs with DataParallel."""
import torch


def create_model(config):
    model = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 1))
    model = model.to(config.device)
    return torch.nn.DataParallel(model)  # expect: GPU207 "DataParallel drives every GPU"
