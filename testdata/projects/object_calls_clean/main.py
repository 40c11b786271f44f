"""Clean twin of object_calls: the step loop runs in a trainer method and the
backward pass in a callable object, with nothing that stalls the GPU."""
import torch
from torch.utils.data import DataLoader
from torchvision import datasets, models

from engine import AmpStep, Runner


def main():
    device = torch.device("cuda")
    model = models.resnet50().to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    loader = DataLoader(datasets.ImageFolder("/data/train"), batch_size=256, shuffle=True, num_workers=8,
                        pin_memory=True, persistent_workers=True)
    runner = Runner(model, optimizer, AmpStep(), device)
    for epoch in range(90):
        runner.epoch(loader)


if __name__ == "__main__":
    main()
