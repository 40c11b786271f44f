# A dataset module with a self-test under `if __name__ == "__main__":`: the
# training script only imports it, so the block never runs in training, and
# it has no GPU of its own to idle.
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class PointSet(Dataset):
    def __init__(self, n_points):
        self.n_points = n_points
        self.clouds = np.random.rand(256, 4096, 3).astype(np.float32)

    def __len__(self):
        return len(self.clouds)

    def __getitem__(self, i):
        pick = np.random.choice(4096, self.n_points)
        return torch.from_numpy(self.clouds[i][pick]), i % 10


if __name__ == "__main__":
    ds = PointSet(512)
    loader = DataLoader(ds, batch_size=16, shuffle=True)  # ok: the module's self-test, never run by training
    for pts, labels in loader:
        print(pts.shape)
