"""A script two jobs start; its options are bound to the Job's argv."""
import argparse

import torch
import yaml
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=90)
parser.add_argument("--workers", type=int, default=4)
parser.add_argument("--config", default="conf/run.yaml")
args = parser.parse_args()
cfg = yaml.safe_load(open(args.config))

device = torch.device("cuda")
train_set = datasets.ImageFolder("/data/train", transforms.ToTensor())
loader = DataLoader(train_set, batch_size=cfg["batch_size"], shuffle=True, num_workers=args.workers,
                    pin_memory=True, persistent_workers=True)
model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(10, 10).to(device))
opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
for epoch in range(args.epochs):
    for images, labels in loader:
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(images), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
