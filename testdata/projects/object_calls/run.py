"""Entry script: a Fitter object (its step loop is a method of a base class
in another module) and callable objects for the backward pass and a metric."""
import torch
from torch.utils.data import DataLoader
from torchvision import datasets, models

from fitting.fitter import Fitter
from fitting.scaling import RunningMean, ScaledStep


def main():
    device = torch.device("cuda")
    model = models.resnet34().to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    train_loader = DataLoader(datasets.MNIST("/data", train=True), batch_size=64, shuffle=True, num_workers=4, pin_memory=True)  # expect: GPU105 "25 epochs"
    stats_loader = DataLoader(datasets.MNIST("/data", train=False), batch_size=64, num_workers=4)  # ok: GPU103
    fitter = Fitter(model, optimizer, ScaledStep(), device)
    for epoch in range(25):
        fitter.fit_epoch(train_loader)
    fitter.collect_stats(stats_loader, RunningMean())


if __name__ == "__main__":
    main()
