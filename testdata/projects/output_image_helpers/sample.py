# A sampler saves each generated image, made into a PIL image by a helper of
# another module or of this one (`pic = helper(x)`, then `pic.save(...)`):
# writing outputs, not preparing inputs. A helper whose image the loop feeds
# back to the model is host image work on every batch.
import os

import numpy as np
import torch
from PIL import Image

from pictures import to_picture, to_thumbnail


def as_grid(sample):
    pixels = (sample.permute(1, 2, 0).cpu().numpy() * 255).astype(np.uint8)
    return Image.fromarray(pixels)  # ok: GPU106 (saved by its caller)


def save_all(samples, outdir, first):
    for k, sample in enumerate(samples):
        picture = to_picture(sample)  # ok: GPU106 (an output, saved below)
        picture.save(os.path.join(outdir, f"{first + k:06d}.png"))
        grid = as_grid(sample)
        grid.save(os.path.join(outdir, f"grid_{first + k:06d}.png"))


@torch.no_grad()
def sample(generator, num_batches, per_batch, outdir):
    for b in range(num_batches):
        labels = torch.randint(0, 10, (per_batch,), device="cuda")
        save_all(generator(labels), outdir, b * per_batch)


@torch.no_grad()
def refine(model, loader, device="cuda"):
    for arrays in loader:
        small = to_thumbnail(arrays[0])  # expect: GPU106 "`to_thumbnail(...)` decodes or edits images with PIL"
        batch = torch.from_numpy(np.asarray(small)).permute(2, 0, 1)[None].float().to(device)
        model(batch)


if __name__ == "__main__":
    net = torch.nn.Embedding(10, 3 * 8 * 8).cuda()
    sample(lambda c: net(c).view(-1, 3, 8, 8), 100, 16, "out")
    refine(lambda b: b.mean(), [np.zeros((1, 64, 64, 3), dtype=np.uint8)])
