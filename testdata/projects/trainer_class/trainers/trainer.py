"""The step loop lives in a method; what it uses was put on self in __init__."""
import torch

from .base import BaseTrainer
from .losses import build_loss


class Trainer(BaseTrainer):
    def __init__(self, model, optimizer, train_loader, val_loader, device="cuda"):
        super().__init__(model, optimizer, device, val_loader)
        self.train_loader = train_loader
        self.criterion = build_loss()

    def training(self, epoch):
        self.model.train()
        running = 0.0
        for i, (images, labels) in enumerate(self.train_loader):
            images = images.to(self.device)
            labels = labels.to(self.device)
            outputs = self.model(images)
            loss = self.criterion(outputs, labels)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            running += loss.item()  # expect: GPU201 "loss.item()"
            if i % 50 == 0:
                print(f"epoch {epoch} iter {i} loss {running / (i + 1):.3f}")  # ok: GPU206

    @torch.no_grad()
    def validation(self, epoch):
        self.model.eval()
        for images, labels in self.val_loader:
            images = images.to(self.device)  # expect: GPU104
            outputs = self.model(images)
            correct = (outputs.argmax(1) == labels.to(self.device, non_blocking=True)).sum()  # ok: GPU104
            print("correct", correct)  # expect: GPU201
