# One entry script: its subclass overrides the pieces the shared loop calls.
import torch
from torch.utils.data import DataLoader

from shared_trainer import SharedTrainer


class NoisyTrainer(SharedTrainer):
    def make_inputs(self, batch, device):
        x = batch.to(device, non_blocking=True)
        x = x + 0.1 * torch.randn_like(x)
        if torch.isnan(x).any():  # expect: GPU201 "self.make_inputs()"
            x = torch.nan_to_num(x)
        return x

    def report(self, step, loss):
        print(f"step {step}: {loss.item():.4f}")  # ok: GPU201 GPU206 (the shared loop calls report every 200 steps)

    def finish(self, model):
        print(float(next(model.parameters()).sum()))  # ok: GPU201 (runs once, after the loop)


if __name__ == "__main__":
    data = DataLoader(torch.randn(4096, 16), batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    NoisyTrainer().train(data, steps=1000)
