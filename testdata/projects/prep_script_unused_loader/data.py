import torch
from torch.utils.data import DataLoader

samples = [(torch.randn(16), i % 3) for i in range(500)]
# Module level and never read here, but train.py imports this module: it may use it.
shared_loader = DataLoader(samples, batch_size=32, shuffle=True)  # expect: GPU101 "main process"
