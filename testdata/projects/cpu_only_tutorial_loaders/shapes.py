"""CPU-only helpers, but the GPU trainer imports this file: its loader may
feed the GPU, so the finding stays."""
import numpy as np
from torch.utils.data import DataLoader, Dataset


class Shapes(Dataset):
    def __init__(self, root):
        self.files = sorted(root.glob("*.npy"))

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        return np.load(self.files[i]).astype("float32")


def shapes_loader(root, batch_size=32):
    return DataLoader(Shapes(root), batch_size=batch_size, shuffle=True)  # expect: GPU101, GPU103
