"""`torch.FloatTensor(cfg.BBOX_STDS).cuda()` in the test loop: the legacy CPU
constructor copies whatever it is given (a config's tuple, of a type gpulint
need not know) into a new host tensor, which `.cuda()` then copies to the GPU
after the forward pass queued its work, on every image."""
import torch


def detect(model, images, cfg):
    model = model.cuda().eval()
    stds = torch.FloatTensor(cfg.BBOX_STDS).cuda()  # ok: GPU201 (made once, before the loop)
    results = []
    with torch.no_grad():
        for image in images:
            deltas = model(image.cuda(non_blocking=True))
            boxes = deltas * torch.FloatTensor(cfg.BBOX_STDS).cuda()  # expect: GPU201 "make it once before the loop: its data is the same on every pass"
            results.append((boxes * stds).sum(0))
    return torch.stack(results)
