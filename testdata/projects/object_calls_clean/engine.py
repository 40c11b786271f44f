"""A runner object and the callable that does the scaled backward pass."""
import torch


class AmpStep:
    def __init__(self):
        self.scaler = torch.cuda.amp.GradScaler()

    def __call__(self, loss, optimizer):
        optimizer.zero_grad(set_to_none=True)
        self.scaler.scale(loss).backward()
        self.scaler.step(optimizer)
        self.scaler.update()


class Runner:
    def __init__(self, model, optimizer, step, device):
        self.model = model
        self.optimizer = optimizer
        self.step = step
        self.device = device
        self.losses = []

    def epoch(self, loader):
        self.model.train()
        for i, (images, targets) in enumerate(loader):
            images = images.to(self.device, non_blocking=True)
            targets = targets.to(self.device, non_blocking=True)
            with torch.autocast("cuda", dtype=torch.bfloat16):
                loss = torch.nn.functional.cross_entropy(self.model(images), targets)
            self.step(loss, self.optimizer)
            self.losses.append(loss.detach())
        return torch.stack(self.losses).mean().item()
