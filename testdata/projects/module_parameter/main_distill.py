import timm.loss
import torch
from torch.utils.data import DataLoader

from engine import fit_probe, train_one_epoch
from losses import DistillLoss


def main(dataset, epochs, smoothing):
    device = torch.device("cuda")
    student = torch.nn.Linear(16, 64).to(device)
    teacher = torch.nn.Linear(16, 64).to(device)
    loader = DataLoader(dataset, batch_size=64, num_workers=8, pin_memory=True, persistent_workers=True)
    optimizer = torch.optim.SGD(student.parameters(), lr=0.1)
    distill_loss = DistillLoss(64).cuda()
    for epoch in range(epochs):
        train_one_epoch(student, teacher, distill_loss, loader, optimizer, device)
    # The probe's loss is our module at one call and another library's
    # object at the other: unknown there, so its value is not known to be on
    # the GPU.
    fit_probe(student, DistillLoss(64).cuda(), loader, optimizer, device)
    fit_probe(student, timm.loss.SoftTargetCrossEntropy(), loader, optimizer, device)
