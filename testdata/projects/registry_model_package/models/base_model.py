import torch


class BaseModel:
    def __init__(self, options):
        self.options = options
        self.device = torch.device("cuda")
        self.log = {}

    def place(self, net):
        net = net.to(self.device)
        if torch.cuda.device_count() > 1:
            # The registry's construction runs this __init__ chain from train.py, which trains.
            net = torch.nn.DataParallel(net)  # expect: GPU207 "Use DistributedDataParallel with one process per GPU"
        return net

    def feed(self, batch):
        self.inputs = batch.to(self.device, non_blocking=True)

    def optimize(self, step):
        pass

    def describe(self):
        raise NotImplementedError

    def summarize(self, losses):
        # One host read per loss: each waits for the GPU to finish the step.
        return {name: value.detach().mean().item() for name, value in losses.items()}
