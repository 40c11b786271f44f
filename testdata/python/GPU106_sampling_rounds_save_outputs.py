"""A sampling script repeats its sampling `n_iter` times: the count names how
many rounds run, not batches it iterates, so saving each round's images
(a host copy, PIL) writes outputs, it is no per-step preprocessing or sync.
A count named after what is evaluated (`eval_iters`) still names batches."""
import argparse
import os

import numpy as np
import torch
from PIL import Image
from tqdm import trange


class Painter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(8, 3 * 16 * 16)

    def forward(self, z):
        return self.head(z).view(-1, 3, 16, 16)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n_iter", type=int, default=4)
    parser.add_argument("--eval_iters", type=int, default=4)
    parser.add_argument("--outdir", default="out")
    opt = parser.parse_args()
    device = torch.device("cuda")
    painter = Painter().to(device).eval()
    os.makedirs(opt.outdir, exist_ok=True)
    index = 0
    with torch.no_grad():
        for _ in trange(opt.n_iter, desc="rounds"):
            pictures = painter(torch.randn(4, 8, device=device)).clamp(0, 1)
            for picture in pictures:
                pixels = (255.0 * picture.permute(1, 2, 0).cpu().numpy()).astype(np.uint8)  # ok: GPU201 (an output written once per round)
                Image.fromarray(pixels).save(os.path.join(opt.outdir, f"{index:04d}.png"))  # ok: GPU106 (saving outputs)
                index += 1
        for rnd in range(opt.n_iter):
            grid = painter(torch.randn(4, 8, device=device))
            np.save(os.path.join(opt.outdir, f"grid{rnd}.npy"), grid.cpu().numpy())  # ok: GPU201 (one grid per round)
        scores = []
        for k in range(opt.eval_iters):
            out = painter(torch.randn(4, 8, device=device))
            scores.append(out.mean().item())  # expect: GPU201
    print(sum(scores))
