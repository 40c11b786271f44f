# The settings object comes from a factory of the trainer's module that
# fills it in attribute by attribute (workers = 4), and the driver changes
# one attribute before handing it over (workers = 0): the loader the trainer
# builds from `settings.workers` loads in the main process. The value is the
# one the driver set, not the factory's.
import torch

from trainer.loop import Trainer

settings = Trainer.defaults()
settings.steps = 2000
settings.workers = 0
net = torch.nn.Linear(32, 10)
data = [(torch.randn(32), 3)] * 512
Trainer(settings, net, data).fit()
