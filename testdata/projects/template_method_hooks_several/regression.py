"""A second trainer of the project, filling the same hook in without a sync."""
import torch

from trainer_base import BaseTrainer


class RegressionTrainer(BaseTrainer):
    def compute_loss(self, batch):
        x, y = batch
        pred = self.net(x.cuda(non_blocking=True)).squeeze(-1)
        return torch.nn.functional.mse_loss(pred, y.cuda(non_blocking=True).float())
