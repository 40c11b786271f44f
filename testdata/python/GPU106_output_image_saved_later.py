"""A sampler that turns each generated image into a PIL image through a
helper (`return Image.fromarray(...)`) or in a statement of its own, and saves
it a line later, writes its outputs: converting them is not preprocessing an
input, and the label it reads back per image names the file, which is what
the pass is for. A helper that returns a PIL image the caller feeds to the
model, and an image made and then only resized, are image work on the host
and are reported."""
import os

import numpy as np
import torch
from PIL import Image


def as_picture(sample):
    pixels = (sample.clamp(0, 1).permute(1, 2, 0).cpu().numpy() * 255).astype(np.uint8)
    return Image.fromarray(pixels)  # ok: GPU106 (every caller saves the image)


def write_samples(samples, labels, outdir, first):
    for k, sample in enumerate(samples):
        picture = as_picture(sample)
        label = labels[k].item()  # ok: GPU201 (names the file the loop writes)
        picture.save(os.path.join(outdir, str(label), f"{first + k:06d}.png"))


@torch.no_grad()
def sample_all(generator, num_batches, per_round, outdir):
    for r in range(num_batches):
        labels = torch.randint(0, 10, (per_round,), device="cuda")
        samples = generator(labels)
        write_samples(samples, labels, outdir, r * per_round)
        for k, sample in enumerate(samples):
            pixels = (sample.permute(1, 2, 0).cpu().numpy() * 255).astype(np.uint8)
            grid = Image.fromarray(pixels)  # ok: GPU106 (saved on the next line)
            grid.save(os.path.join(outdir, f"raw_{r}_{k}.png"))


def as_input(array):
    return Image.fromarray(array)  # expect: GPU106 "decodes or edits images with PIL"


@torch.no_grad()
def score(model, loader, device="cuda"):
    scores = []
    for arrays in loader:
        picture = as_input(arrays[0])
        batch = torch.from_numpy(np.asarray(picture)).permute(2, 0, 1)[None].float().to(device)
        small = Image.fromarray(arrays[1])  # expect: GPU106 "decodes or edits images with PIL"
        small.resize((64, 64))
        scores.append(model(batch).mean())
    return scores


if __name__ == "__main__":
    net = torch.nn.Embedding(10, 3 * 8 * 8).cuda()
    sample_all(lambda c: net(c).view(-1, 3, 8, 8), 100, 16, "out")
    print(score(lambda b: b.mean(), [np.zeros((2, 8, 8, 3), dtype=np.uint8)]))
