"""Times the forward of each batch of a detection test with the synced timer."""
import torch

from timing import synced_time


@torch.no_grad()
def run_test(model, loader):
    spent, results = 0.0, []
    for images, _ in loader:
        images = images.cuda(non_blocking=True)
        t = synced_time()  # ok: GPU201 (a timer fence of the inference pass)
        out = model(images)
        spent += synced_time() - t  # ok: GPU201
        results.append(out)
    return results, spent
