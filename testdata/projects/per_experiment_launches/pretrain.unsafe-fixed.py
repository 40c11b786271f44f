# One pretraining script, started by a launch script per experiment
# (scripts/): each launch is judged with its own values, but a defect in the
# script is one finding, not one per launch that reaches it.
import argparse

import torch
from torch.utils.data import DataLoader
from torchvision import datasets, transforms


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default="/datasets/imagenet/train")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--num-workers", type=int, default=12)
    parser.add_argument("--lr", type=float, default=0.3)
    return parser.parse_args()


def main():
    args = get_args()
    net = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3 * 96 * 96, 128)).cuda()
    optim = torch.optim.SGD(net.parameters(), lr=args.lr)
    crops = transforms.Compose([transforms.RandomResizedCrop(96), transforms.ToTensor()])
    images = datasets.ImageFolder(args.data, crops)
    train_loader = DataLoader(images, batch_size=128, shuffle=True, num_workers=args.num_workers,  # expect: GPU105 "persistent_workers"
                              pin_memory=True, drop_last=True, persistent_workers=args.num_workers > 0)
    for epoch in range(args.epochs):
        for x, _ in train_loader:
            z = net(x.cuda(non_blocking=True))
            loss = z.pow(2).mean()
            optim.zero_grad()
            loss.backward()
            optim.step()


if __name__ == "__main__":
    main()
