import argparse

import torch
from torch.utils.data import DataLoader
from torchvision import datasets, transforms


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--workers", type=int, default=0)
    args = parser.parse_args()
    device = torch.device("cuda")
    data = datasets.ImageFolder(args.data, transform=transforms.ToTensor())
    loader = DataLoader(data, batch_size=128, shuffle=True, num_workers=args.workers, pin_memory=True,
                        persistent_workers=True)
    model = torch.nn.Conv2d(3, 8, 3).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for images, labels in loader:
        images = images.to(device, non_blocking=True)
        loss = model(images).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
