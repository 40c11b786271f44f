# A subclass that also overrides train() runs its own loop, not the shared
# one: the shared loop's calls of make_inputs are not this class's.
import torch

from shared_trainer import SharedTrainer


class EvalOnly(SharedTrainer):
    def make_inputs(self, batch, device):
        x = batch.to(device)
        if torch.isnan(x).any():  # ok: GPU201 (train() is overridden: no loop of this class calls it per step)
            x = torch.nan_to_num(x)
        return x

    def train(self, loader, steps, every=200):
        return [self.make_inputs(b, torch.device("cuda")) for b in loader]
