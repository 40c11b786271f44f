# Here only a debugging switch changes workers: whether the store runs is
# decided at run time, so the value the loader gets is unknown and nothing
# is reported (this driver alone would leave 0 or 2).
import sys

import torch

from trainer.loop import Trainer

settings = Trainer.defaults()
if "--debug" in sys.argv:
    settings.workers = 2
Trainer(settings, torch.nn.Linear(32, 10), [(torch.randn(32), 3)] * 512).fit()
