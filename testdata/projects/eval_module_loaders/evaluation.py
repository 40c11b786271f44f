"""The evaluation module builds the validation loaders and iterates them;
the training script only calls it from its epoch loop (PyTorch-YOLOv3's
train.py and test.py). The loader iterated on every epoch restarts its
workers each time; the one the same evaluate() iterates every 5th epoch is
judged by its own guarded call, not by the every-epoch one."""
import torch
from torch.utils.data import DataLoader


def make_val_loader(dataset, batch_size, n_cpu):
    return DataLoader(dataset, batch_size=batch_size, shuffle=False, num_workers=n_cpu, pin_memory=True)  # expect: GPU105 "each of the 300 epochs of the loop at"


def make_test_loader(dataset, n_cpu):
    return DataLoader(dataset, batch_size=32, num_workers=n_cpu, pin_memory=True)  # ok: GPU105 (evaluated every 5th epoch)


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    for images in loader:
        model(images.cuda(non_blocking=True))
    model.train()
