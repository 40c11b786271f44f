# `for j in range(images.shape[0])` walks the items of one tensor already
# made, not batches: in a script that generates images for a list of
# prompts it is output writing, not an evaluation loop. Inside a real batch
# loop the per-item work still runs on every batch and is reported there.
import torch
from PIL import Image


def save_png(image, path):
    Image.fromarray(image.mul(255).byte().permute(1, 2, 0).cpu().numpy()).save(path)  # ok: GPU106 (per item of one generated batch)


@torch.no_grad()
def sample_prompts(model, prompts, per_call, out_dir):
    model = model.cuda().eval()
    for start in range(0, len(prompts), per_call):
        images = model.generate(prompts[start : start + per_call])
        for j in range(images.shape[0]):
            save_png(images[j], f"{out_dir}/{start + j}.png")
            print(f"saved image {start + j}")  # ok: GPU206 (the items of one generated batch, not a batch loop)


@torch.no_grad()
def evaluate(model, loader):
    model = model.cuda().eval()
    for batch in loader:
        outputs = model(batch.cuda(non_blocking=True))
        for j in range(outputs.size(0)):
            print(f"item {j}")  # expect: GPU206 "evaluation loop at line 26"
