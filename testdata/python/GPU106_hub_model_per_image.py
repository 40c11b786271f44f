# A model loaded with torch.hub.load is a model like any other: a loop that
# decodes each image with PIL and runs the hub model on it is an evaluation
# loop with host image work on every pass. A hub entry point named for a
# tokenizer builds no model, so a loop that only tokenizes with it runs no
# evaluation. The depth map read back per image is the output the loop
# writes (np.save), not an idle GPU to report.
import os

import numpy as np
import torch
from PIL import Image


@torch.no_grad()
def estimate_depth(paths, outdir):
    net = torch.hub.load("lab/depth-models", "DepthSmall")
    net.cuda().eval()
    for i in range(len(paths)):
        img = Image.open(paths[i]).convert("RGB")  # expect: GPU106 "decodes or edits images with PIL"
        x = torch.from_numpy(np.asarray(img, dtype=np.float32) / 255.0).permute(2, 0, 1)[None].cuda()
        depth = net(x).squeeze().cpu().numpy()  # ok: GPU201 (the result the loop writes with np.save)
        np.save(os.path.join(outdir, f"{i}.npy"), depth)


def count_tokens(lines):
    tokenizer = torch.hub.load("lab/text-models", "tokenizer", "base")
    total = 0
    for line in lines:
        total += len(tokenizer.encode(line))  # ok: GPU106 (no model runs in this loop)
    return total


if __name__ == "__main__":
    estimate_depth(sorted(os.listdir("images")), "depth")
    print(count_tokens(["a b c"]))
