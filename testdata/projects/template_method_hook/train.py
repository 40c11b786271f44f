"""The one concrete trainer of the project: the base's loop runs its hooks."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from trainer_base import BaseTrainer


class ClassifierTrainer(BaseTrainer):
    def check_setup(self):
        probe = self.net(torch.zeros(1, 8, device="cuda"))
        print("output width", probe.sum().item())  # ok: GPU201 (check_setup runs once)

    def compute_loss(self, batch):
        x, y = batch
        logits = self.net(x.cuda(non_blocking=True))
        loss = torch.nn.functional.cross_entropy(logits, y.cuda(non_blocking=True))
        print("loss", loss.item())  # ok: GPU201 (reported at the call in the base's loop)
        return loss


if __name__ == "__main__":
    data = TensorDataset(torch.randn(256, 8), torch.randint(0, 2, (256,)))
    loader = DataLoader(data, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    ClassifierTrainer(torch.nn.Linear(8, 2), loader).run(epochs=2)
