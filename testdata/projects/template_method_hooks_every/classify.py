"""One trainer of the project: its loss hook prints the loss of each batch."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from trainer_base import BaseTrainer


class ClassifierTrainer(BaseTrainer):
    def compute_loss(self, batch):
        x, y = batch
        logits = self.net(x.cuda(non_blocking=True))
        loss = torch.nn.functional.cross_entropy(logits, y.cuda(non_blocking=True))
        print("loss", loss.item())  # ok: GPU201 (reported once, at the hook's call in the base's loop)
        return loss

    def after_step(self, loss):
        print("after", loss.item())  # ok: GPU201 (the other override is a stub: not every run syncs here)


if __name__ == "__main__":
    data = TensorDataset(torch.randn(256, 8), torch.randint(0, 2, (256,)))
    loader = DataLoader(data, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    trainer = ClassifierTrainer(torch.nn.Linear(8, 2), loader)
    trainer.run(epochs=2)
