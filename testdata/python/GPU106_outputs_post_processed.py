"""A sampling loop that converts what the model rendered (copied back with
`.cpu().numpy()`) into PIL images, watermarks them with OpenCV and saves
them post-processes outputs: no Dataset or collate_fn could take that work
over. Decoding the loop's own input images with PIL is input work, still
reported."""
import glob

import cv2
import numpy as np
import torch
from PIL import Image
from torch import nn


def to_pictures(batch):
    batch = (batch * 255).round().astype("uint8")
    return [Image.fromarray(x) for x in batch]  # ok: GPU106 (converts the rendered outputs)


def watermark(picture, mark=None, encoder=None):
    if mark is not None:
        bgr = cv2.cvtColor(np.array(picture), cv2.COLOR_RGB2BGR)  # ok: GPU106 (stamps an output)
        picture = Image.fromarray(mark(bgr)[:, :, ::-1])  # ok: GPU106 (stamps an output)
    if encoder is not None:
        picture = Image.fromarray(encoder.encode(np.array(picture), "dct"))  # ok: GPU106 (an output, encoded)
    return picture


def placeholder_for(flagged):
    # The same asset file on every call, shown in place of a flagged output.
    return Image.open("assets/placeholder.png").resize(flagged.shape[:2])  # ok: GPU106 (a fixed asset, not a sample)


def screen(batch, feature_extractor):
    features = feature_extractor(to_pictures(batch), return_tensors="np")  # ok: GPU106 (features of the outputs)
    return [f.mean() > 0.9 for f in features["pixel_values"]]


class Painter(nn.Module):
    def __init__(self):
        super().__init__()
        self.encode = nn.Conv2d(3, 8, 3, padding=1)
        self.decode = nn.Conv2d(8, 3, 3, padding=1)

    def forward(self, x):
        return torch.sigmoid(self.decode(torch.relu(self.encode(x))))


painter = Painter().cuda().eval()
written = 0
with torch.no_grad():
    for path in sorted(glob.glob("sketches/*.png")):
        sketch = np.asarray(Image.open(path).convert("RGB").resize((64, 64)))  # expect: GPU106 "decodes or edits images with PIL"
        x = torch.from_numpy(sketch).permute(2, 0, 1)[None].float().cuda() / 255
        rendered = painter(x).permute(0, 2, 3, 1).cpu().numpy()
        flags = screen(rendered, feature_extractor=lambda pics, return_tensors: {"pixel_values": pics})
        if flags[0]:
            placeholder_for(rendered[0]).save(f"out/{written:05}-flagged.png")
        for picture in to_pictures(rendered):
            watermark(picture, mark=lambda a: a).save(f"out/{written:05}.png")
            written += 1
