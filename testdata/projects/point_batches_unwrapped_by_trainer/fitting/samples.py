# Each item of the dataset is a whole training batch: a cloud of sampled
# points with their signed distances.
import numpy as np
from torch.utils.data import Dataset


class SurfacePoints(Dataset):
    def __init__(self, mesh_path, size=100, num_points=2**16):
        self.mesh_path, self.size, self.num_points = mesh_path, size, num_points

    def __len__(self):
        return self.size

    def __getitem__(self, index):
        points = np.random.uniform(-1, 1, (self.num_points, 3)).astype(np.float32)
        return {"points": points, "sdf": np.linalg.norm(points, axis=1, keepdims=True) - 0.5}
