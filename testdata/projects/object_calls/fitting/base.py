"""The step loop: the backward pass and optimizer step run inside the
callable object stored as self.step."""
import torch


class BaseFitter:
    def __init__(self, model, optimizer, step, device):
        self.model = model
        self.optimizer = optimizer
        self.step = step
        self.device = device
        self.criterion = torch.nn.CrossEntropyLoss()
        self.history = []

    def fit_epoch(self, loader):
        self.model.train()
        for images, labels in loader:
            images = images.to(self.device, non_blocking=True)  # ok: GPU104
            labels = labels.to(self.device, non_blocking=True)  # ok: GPU104
            loss = self.criterion(self.model(images), labels)
            self.step(loss, self.optimizer)
            self.history.append(loss.item())  # expect: GPU201 "loss.item()"
