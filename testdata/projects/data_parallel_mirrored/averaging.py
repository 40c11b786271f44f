# A weight-averaging helper copies whatever wrapper its caller chose: the
# DataParallel it builds under `isinstance(model, nn.DataParallel)` mirrors
# the training script's, which is where the wrapper is chosen (and reported).
import copy

import torch.nn as nn


class AveragedCopy:
    def __init__(self, decay=0.999):
        self.decay = decay
        self.shadow = None

    def snapshot(self, model):
        if isinstance(model, nn.DataParallel):
            inner = copy.deepcopy(model.module)
            self.shadow = nn.DataParallel(inner)  # ok: GPU207 (mirrors the caller's wrapper)
        else:
            self.shadow = copy.deepcopy(model)
        return self.shadow


def replicate(model):
    return nn.DataParallel(model)  # expect: GPU207 "drives every GPU from one Python process"
