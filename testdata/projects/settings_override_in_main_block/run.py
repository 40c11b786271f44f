import torch
from torch.utils.data import TensorDataset

from engine.fitter import Fitter

if __name__ == "__main__":
    settings = Fitter.defaults()
    settings.workers = 0
    settings.batch = 256
    data = TensorDataset(torch.randn(4096, 16), torch.randn(4096, 16))
    fitter = Fitter(settings, torch.nn.Linear(16, 16), data)
    fitter.fit()
