"""A second trainer filling the same hooks in: its loss hook reads the loss
too (through a float() of the mean), its step hook is a stub."""
import torch

from trainer_base import BaseTrainer


class RegressionTrainer(BaseTrainer):
    def compute_loss(self, batch):
        x, y = batch
        pred = self.net(x.cuda(non_blocking=True)).squeeze(-1)
        loss = torch.nn.functional.mse_loss(pred, y.cuda(non_blocking=True).float())
        self.last = float(loss.detach())  # ok: GPU201 (reported once, at the hook's call in the base's loop)
        return loss

    def after_step(self, loss):
        pass
