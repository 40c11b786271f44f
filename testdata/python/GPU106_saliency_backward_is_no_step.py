# A saliency demo: `.backward()` fills the input images' gradient and no
# optimizer steps, so the loop that decodes a few images per request is no
# training step loop. The same decoding in a loop whose helper also
# backpropagates a loss through the weights of a model it steps is one.
import torch
from PIL import Image

device = torch.device("cuda")


def input_saliency(model, images):
    images = images.requires_grad_(True)
    top = model(images).max(1).values.sum()
    model.zero_grad()
    top.backward()
    return images.grad.abs().amax(1)


def explain_request(model, to_tensor, paths, per_call=4):
    maps = []
    for k in range(len(paths) // per_call):
        raw = [Image.open(p).convert("RGB") for p in paths[k * per_call:(k + 1) * per_call]]  # ok: GPU106 (no training step)
        batch = torch.stack([to_tensor(r) for r in raw]).to(device)
        maps.append(input_saliency(model, batch))
    return maps


def head_scores(model, loader, head_mask):
    # Over a loader's batches the backward runs per batch all the same: a
    # batch loop, whose per-batch copy to the host still stalls it.
    head_mask.requires_grad_(True)
    outputs = []
    for batch in loader:
        out = model(batch.to(device), head_mask)
        out.sum().backward()
        outputs.append(out.detach().cpu())  # expect: GPU201
    return head_mask.grad, outputs
