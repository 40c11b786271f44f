import numpy as np
from skimage.metrics import structural_similarity
from skimage.transform import resize


def batch_ssim(gt, pred):
    total = 0.0
    for k in range(gt.shape[0]):
        total += structural_similarity(gt[k], pred[k], data_range=float(gt[k].max()))  # ok: GPU106 (a metric of the model's outputs, copied back)
    return total / gt.shape[0]


def shrink(images):
    return np.stack([resize(img, (64, 64)) for img in images])
