import numpy as np
from PIL import Image


def to_picture(sample):
    pixels = (sample.clamp(0, 1).permute(1, 2, 0).cpu().numpy() * 255).astype(np.uint8)
    return Image.fromarray(pixels)  # ok: GPU106 (the sampler saves every picture it gets)


def to_thumbnail(array):
    return Image.fromarray(array).resize((32, 32))  # ok: GPU106 (reported at the call in sample.py, whose loop runs it)
