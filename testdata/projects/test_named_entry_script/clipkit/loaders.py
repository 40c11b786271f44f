import torch
from torch.utils.data import DataLoader, TensorDataset


def make_loader(views):
    data = TensorDataset(torch.randn(256 * views, 3, 8, 32, 32), torch.randint(0, 400, (256 * views,)))
    return DataLoader(data, batch_size=32, num_workers=8, pin_memory=True, persistent_workers=True)
