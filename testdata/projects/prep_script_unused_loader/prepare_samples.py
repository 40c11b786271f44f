# A data-preparation script beside the training code: no GPU anywhere, and no
# file imports it. It pickles the samples, then times the construction of a loader it never iterates.
import pickle
import time

import torch
from torch.utils.data import DataLoader


def stack_pairs(samples):
    xs, ys = zip(*samples)
    return torch.stack(xs), torch.tensor(ys)


samples = [(torch.randn(16), i % 3) for i in range(500)]
with open("samples.pkl", "wb") as out:
    pickle.dump(samples, out)

start = time.time()
probe_loader = DataLoader(samples, batch_size=32, shuffle=True, collate_fn=stack_pairs)  # ok: GPU101 (no GPU in sight, never used, and no project file imports this script)
print("loader built in", time.time() - start)
