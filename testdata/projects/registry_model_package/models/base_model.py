import torch


class BaseModel:
    def __init__(self, options):
        self.options = options
        self.device = torch.device("cuda")
        self.log = {}

    def feed(self, batch):
        self.inputs = batch.to(self.device, non_blocking=True)

    def optimize(self, step):
        pass

    def describe(self):
        raise NotImplementedError

    def summarize(self, losses):
        # One host read per loss: each waits for the GPU to finish the step.
        return {name: value.detach().mean().item() for name, value in losses.items()}
