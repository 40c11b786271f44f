"""A timer helper of another module waits for what the step queued: before
the forward (the copies and the last pass) and after it, each with advice
about the timer. The loss helper's mask and the second timer call wait
right after the second with nothing queued in between: part of that finding."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from losses import MaskedBoxLoss
from timing import synced_clock


def evaluate(net, loader, device, box_loss=None):
    net.eval()
    forward_time = 0.0
    total = torch.zeros((), device=device)
    with torch.no_grad():
        for images, boxes in loader:
            images, boxes = images.to(device, non_blocking=True), boxes.to(device, non_blocking=True)
            start = synced_clock()  # expect: GPU201 "makes the host wait for the GPU on every batch"
            pred = net(images)
            forward_time += synced_clock() - start  # expect: GPU201 "remove the synchronize from the helper"
            if box_loss is not None:
                total += box_loss(pred, boxes)  # ok: waits right after the timer's drain: part of its finding
            forward_time -= synced_clock() - synced_clock()  # ok: the timer again, with nothing queued since
    return total, forward_time


if __name__ == "__main__":
    device = torch.device("cuda")
    net = torch.nn.Linear(8, 4).to(device)
    data = TensorDataset(torch.randn(64, 8), torch.randint(-1, 4, (64, 4)))
    loader = DataLoader(data, batch_size=16, num_workers=2, pin_memory=True, persistent_workers=True)
    for epoch in range(3):
        evaluate(net, loader, device, MaskedBoxLoss())
