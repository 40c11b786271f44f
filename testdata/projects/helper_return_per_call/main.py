"""Validation loop whose metrics go through one reduction helper: each call of
the helper returns what that call passed in, not what another call passed."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from utils import reduce_mean, top1


@torch.no_grad()
def validate(model, criterion, loader):
    model.eval()
    for images, target in loader:
        images = images.cuda(non_blocking=True)  # ok: GPU104
        target = target.cuda(non_blocking=True)  # ok: GPU104
        output = model(images)
        loss = criterion(output, target)
        acc = top1(output, target)
        acc = reduce_mean(acc)
        loss = reduce_mean(loss)
        total = loss.item()  # expect: GPU201 "`loss` comes from `criterion(output, target)`"
        count = reduce_mean(torch.tensor([float(images.shape[0])]))
        print("acc", acc.item())  # expect: GPU201 "`acc` comes from `model(images)` at line 16"
        seen = count.item()  # ok: GPU201


def main():
    model = nn.Linear(16, 4).cuda()
    criterion = nn.CrossEntropyLoss().cuda()
    data = torch.utils.data.TensorDataset(torch.randn(64, 16), torch.randint(0, 4, (64,)))
    loader = DataLoader(data, batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    validate(model, criterion, loader)


if __name__ == "__main__":
    main()
