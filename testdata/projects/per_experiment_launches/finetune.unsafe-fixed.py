# The worker count is written at the call and the job scripts set only the
# epochs: the finding stays at the DataLoader, where persistent_workers=True
# goes, with each job's epoch count as a related location (the epoch count
# explains the restarts; it is not the value to change).
import argparse

import torch
from torch.utils.data import DataLoader
from torchvision import datasets, transforms



def run(epochs):
    net = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3 * 64 * 64, 10)).cuda()
    optim = torch.optim.AdamW(net.parameters(), lr=1e-4)
    tiles = datasets.ImageFolder("/datasets/tiles", transforms.Compose([transforms.Resize(64), transforms.ToTensor()]))
    loader = DataLoader(tiles, batch_size=64, shuffle=True, num_workers=6, pin_memory=True, persistent_workers=True)  # expect: GPU105 "each of the 30 epochs"
    for _ in range(epochs):
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(net(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
            optim.zero_grad()
            loss.backward()
            optim.step()


if __name__ == "__main__":
    cli = argparse.ArgumentParser()
    cli.add_argument("--epochs", type=int, default=1)
    run(cli.parse_args().epochs)
