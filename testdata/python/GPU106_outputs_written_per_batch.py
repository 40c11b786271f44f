"""Saving what the model produced for each batch (`Image.fromarray(x).save(...)`,
`cv2.imwrite(...)`) writes the loop's outputs: no worker can take it over,
and it is what an inference loop is for. Editing images with PIL in the same
loop (resizing a thumbnail) is image work on the host and is reported."""
import os

import cv2
import numpy as np
import torch
from PIL import Image


@torch.no_grad()
def render(model, loader, outdir):
    device = torch.device("cuda")
    model = model.to(device).eval()
    index = 0
    thumbs = []
    for batch in loader:
        images = model(batch.to(device, non_blocking=True)).clamp(0, 1)
        for image in images:
            pixels = (255.0 * image.permute(1, 2, 0).cpu().numpy()).astype(np.uint8)
            Image.fromarray(pixels).save(os.path.join(outdir, f"{index:05d}.png"))  # ok: GPU106 (writes an output)
            cv2.imwrite(os.path.join(outdir, f"{index:05d}.jpg"), pixels[:, :, ::-1])  # ok: GPU106 (writes an output)
            thumbs.append(Image.fromarray(pixels).resize((32, 32)))  # expect: GPU106 "decodes or edits images with PIL"
            index += 1
    return thumbs
