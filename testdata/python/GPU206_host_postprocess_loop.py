# After an evaluation pass, a loop over the stored detections converts
# them with `.numpy()` directly: `.numpy()` raises on a CUDA tensor, so the
# loop works on host tensors and queues no GPU work; its progress line
# keeps no GPU waiting. The same loop moving results off the GPU with
# `.cpu()` per image still runs while the GPU could be busy, and its
# per-image print is reported.
import sys

import numpy as np
import torch


class DetectionEvaluator:
    def __init__(self, loader, num_images, num_classes):
        self.loader = loader
        self.num_images = num_images
        self.num_classes = num_classes

    @torch.no_grad()
    def evaluate(self, model):
        model = model.cuda().eval()
        results = {}
        for index, images in enumerate(self.loader):
            outputs = model(images.cuda(non_blocking=True))
            results[index] = outputs.cpu()  # expect: GPU201 "outputs.cpu()"
        return self.evaluate_detections(results)

    def evaluate_detections(self, results):
        boxes = [[None] * self.num_images for _ in range(self.num_classes)]
        for image_index in range(self.num_images):
            dets = results[image_index]
            labels = dets[:, 5]
            for c in range(self.num_classes):
                keep = labels == c
                boxes[c][image_index] = torch.cat((dets[keep, :4], dets[keep, 4:5]), dim=1).numpy()
            sys.stdout.write(f"eval {image_index + 1}/{self.num_images}\r")  # ok: GPU206 (host tensors only)
            sys.stdout.flush()
        return boxes


@torch.no_grad()
def evaluate_on_device(model, loader, num_images):
    model = model.cuda().eval()
    kept = []
    for images in loader:
        outputs = model(images.cuda(non_blocking=True))
        kept.append(outputs)
    scores = []
    for image_index in range(num_images):
        dets = kept[image_index]
        scores.append(dets[:, 4].cpu().numpy())  # expect: GPU201 "dets[:, 4].cpu()"
        print(f"image {image_index} scored")  # expect: GPU206
    return np.concatenate(scores)
