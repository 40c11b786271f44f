# The twin of GPU106_saliency_backward_is_no_step.py: the helper sets the
# input's requires_grad too, but the file steps an optimizer, so its backward
# trains the model (an adversarial step) and the loop decoding images per
# step is a training step loop.
import torch
from PIL import Image

device = torch.device("cuda")


def adversarial_step(model, optimizer, images, labels):
    images = images.requires_grad_(True)
    loss = torch.nn.functional.cross_entropy(model(images), labels)
    optimizer.zero_grad()
    loss.backward()
    perturbed = (images + 0.01 * images.grad.sign()).detach()
    return perturbed


def train(model, optimizer, to_tensor, paths, labels, per_step=4):
    for k in range(len(paths) // per_step):
        raw = [Image.open(p).convert("RGB") for p in paths[k * per_step:(k + 1) * per_step]]  # expect: GPU106
        batch = torch.stack([to_tensor(r) for r in raw]).to(device)
        adversarial_step(model, optimizer, batch, labels[k].to(device))
        optimizer.step()
