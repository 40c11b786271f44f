"""A base class that keeps what the step loop of its subclasses reads."""


class RunnerBase:
    def __init__(self, model, opt):
        self.model = model
        self.opt = opt
        self.trainable = [p for p in model.parameters() if p.requires_grad]
        self.base_lrs = [group["lr"] for group in opt.param_groups]
