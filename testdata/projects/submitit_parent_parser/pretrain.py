"""A pretraining script run directly or through a submitit wrapper (submit.py),
which parses the same options: its parser names this file's as a parent."""
import argparse

import torch
from torch.utils.data import DataLoader

from engine import train_one_epoch


def get_args_parser():
    parser = argparse.ArgumentParser("pretrain", add_help=False)
    parser.add_argument("--update_freq", default=1, type=int, help="gradient accumulation steps")
    parser.add_argument("--log_every", default=200, type=int)
    parser.add_argument("--epochs", default=400, type=int)
    return parser


def main(args):
    device = torch.device("cuda")
    model = torch.nn.Linear(64, 64).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    loader = DataLoader(torch.randn(1024, 64), batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(args.epochs):
        train_one_epoch(model, loader, opt, device, args=args)


if __name__ == "__main__":
    args = get_args_parser()
    args = args.parse_args()
    main(args)
