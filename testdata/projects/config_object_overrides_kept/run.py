# The factory leaves workers at 0, but the driver raises it to 8 before
# handing the settings over: the loader has workers.
import torch

from trainer.loop import Trainer

settings = Trainer.defaults()
settings.workers = 8
Trainer(settings, torch.nn.Linear(32, 10), [(torch.randn(32), 3)] * 512).fit()
