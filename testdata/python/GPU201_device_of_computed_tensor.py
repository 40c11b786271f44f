# `device=x.device` puts a new tensor where the computed tensor `x` lives.
# One helper serves the evaluator's host boxes and the model's GPU boxes:
# with host boxes its result is a host tensor, and comparing it costs no
# copy. An object that holds the run's device (`accelerator.device`) still
# names a GPU device on the GPU path.
import torch
from accelerate import Accelerator


def overlaps(a, b):
    inter = (a[:, None] * b).clamp(min=0)
    return torch.where(inter > 0, inter, torch.zeros(1, dtype=inter.dtype, device=inter.device))


def evaluate_proposals(dataset_predictions, gt_per_image):
    recalls = []
    for prediction, gt in zip(dataset_predictions, gt_per_image):
        boxes = torch.as_tensor(prediction["boxes"])
        gt_boxes = torch.as_tensor(gt)
        best = overlaps(boxes, gt_boxes).max()
        assert best >= 0  # ok: GPU201 (host boxes, so a host result)
        recalls.append(best)
    return recalls


def evaluate_on_gpu(model, loader, accelerator: Accelerator):
    model.eval()
    with torch.no_grad():
        for images, gt in loader:
            boxes = model(images.to(accelerator.device))
            best = overlaps(boxes, gt.to(accelerator.device)).max()
            assert best >= 0  # expect: GPU201 "Line 34 waits on the GPU again right after it"
            seen = torch.zeros(1, device=accelerator.device) + best
            if seen > 1:  # ok: GPU201 (a GPU tensor tested right after the assert at line 32: part of that finding)
                break
