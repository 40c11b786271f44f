import torch.nn as nn


def build_loss(label_smoothing=0.1):
    return nn.CrossEntropyLoss(label_smoothing=label_smoothing)
