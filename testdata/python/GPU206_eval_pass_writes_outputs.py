"""An evaluation pass that reads each restored image back, scores it on the
host and writes it to a PNG does far more host work per item than a
progress line: its per-item progress text is not what idles the GPU. A
scoring pass that writes nothing is a plain per-batch log."""
import os

import cv2
import numpy as np
import torch
from tqdm import tqdm

device = torch.device("cuda")
net = torch.nn.Conv2d(3, 3, 3, padding=1).to(device).eval()
pairs = torch.utils.data.DataLoader(
    torch.utils.data.TensorDataset(torch.rand(64, 3, 128, 128), torch.rand(64, 3, 128, 128)),
    batch_size=1, num_workers=2, pin_memory=True,
)


@torch.no_grad()
def restore_all(loader):
    bar = tqdm(total=len(loader))
    for i, (low, high) in enumerate(loader):
        out = net(low.to(device, non_blocking=True)).clamp(0, 1).cpu().numpy()
        psnr = -10 * np.log10(((out - high.numpy()) ** 2).mean() + 1e-10)
        cv2.imwrite(os.path.join("restored", f"{i:04}.png"), (out[0].transpose(1, 2, 0) * 255).astype(np.uint8))
        bar.update(1)
        bar.set_description(f"image {i:04} psnr {psnr:.2f}")  # ok: GPU206 (each pass writes its image)


@torch.no_grad()
def score_all(loader):
    total = 0.0
    for i, (low, high) in enumerate(loader):
        err = (net(low.to(device, non_blocking=True)) - high.to(device, non_blocking=True)).abs().mean()
        total = total + err
        print(f"scored image {i}")  # expect: GPU206 "logs on every batch"
    return total / len(loader)


restore_all(pairs)
print(float(score_all(pairs)))
