"""An image helper that copies what it is given to the host: it waits for
the GPU only when a caller hands it a GPU tensor."""
import torch


def to_images(tensor):
    if torch.is_tensor(tensor):
        tensor = [tensor]
    images = []
    for t in tensor:
        images.append(t.squeeze(0).float().detach().cpu().clamp_(0, 1).numpy())
    return images[0] if len(images) == 1 else images
