"""Top-k accuracy from timm, reduced through the project's helper."""
import torch
import torch.nn as nn
from timm.utils import accuracy
from torch.utils.data import DataLoader

from utils import reduce_mean


@torch.no_grad()
def evaluate(model, loader):
    for images, target in loader:
        images = images.cuda(non_blocking=True)  # ok: GPU104
        target = target.cuda(non_blocking=True)  # ok: GPU104
        output = model(images)
        acc1, acc5 = accuracy(output, target, topk=(1, 5))
        acc1 = reduce_mean(acc1)
        print(acc1.item(), acc5.item())  # expect: GPU201 "`acc1` comes from `model(images)`"
        lengths = reduce_mean(torch.tensor([3.0, 4.0]))
        mean_len = lengths.mean().item()  # ok: GPU201


if __name__ == "__main__":
    net = nn.Linear(8, 2).cuda()
    data = torch.utils.data.TensorDataset(torch.randn(16, 8), torch.randint(0, 2, (16,)))
    evaluate(net, DataLoader(data, batch_size=16, num_workers=2, pin_memory=True, persistent_workers=True))
