"""Sampling entry: its own dict of defaults, with a batch worth running."""
import argparse

import torch
from torch.utils.data import DataLoader

from script_util import add_dict_to_parser


def main(prompts):
    defaults = dict(batch_size=16, log_every=100)
    parser = argparse.ArgumentParser()
    add_dict_to_parser(parser, defaults)
    args = parser.parse_args()
    net = torch.nn.Linear(8, 8).cuda().eval()
    loader = DataLoader(prompts, batch_size=args.batch_size, num_workers=2, pin_memory=True)  # ok: GPU204 (16 per batch)
    with torch.no_grad():
        for i, x in enumerate(loader):
            out = net(x.cuda(non_blocking=True))
            if i % args.log_every == 0:
                print(i, out.mean().item())  # ok: GPU201 (every 100 batches)
