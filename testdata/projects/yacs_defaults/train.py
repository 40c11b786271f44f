"""Training entry: the config comes from get_config(args) and travels to the
loader factory and the loops as a parameter."""
import argparse

import torch

from config import get_config
from data import build_aux_loaders, build_loader


def parse_option():
    parser = argparse.ArgumentParser("trainer")
    parser.add_argument("--cfg", type=str, required=True, metavar="FILE")
    parser.add_argument("--batch-size", type=int)
    parser.add_argument("--opts", default=None, nargs="+")
    args = parser.parse_args()
    config = get_config(args)
    return args, config


def train_one_epoch(config, model, loader, optimizer, epoch):
    model.train()
    for idx, (images, targets) in enumerate(loader):
        images = images.cuda(non_blocking=True)
        targets = targets.cuda(non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(images), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


@torch.no_grad()
def validate(config, model, loader):
    model.eval()
    correct = torch.zeros((), device="cuda")
    for images, targets in loader:
        images = images.cuda(non_blocking=True)
        targets = targets.cuda(non_blocking=True)
        correct += (model(images).argmax(1) == targets).sum()
    return correct


def main(config):
    train_loader, val_loader, kept_loader, shard_loader = build_loader(config)
    plugin_loader, eval_loader = build_aux_loaders(config)
    model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.LazyLinear(10)).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=config.TRAIN.LR)
    for epoch in range(config.TRAIN.START_EPOCH, config.TRAIN.EPOCHS):
        train_one_epoch(config, model, train_loader, optimizer, epoch)
        validate(config, model, val_loader)
        validate(config, model, kept_loader)
        validate(config, model, shard_loader)
        validate(config, model, plugin_loader)
        validate(config, model, eval_loader)


if __name__ == "__main__":
    _, config = parse_option()
    main(config)
