"""The entry script keeps one name for the parser and then for its
namespace (`opts = build_parser()`, `opts = opts.parse_args()`), and a
cluster wrapper in another file calls main() with a namespace of its own
parser built on this one: the options still resolve to their defaults."""
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset


def build_parser():
    parser = argparse.ArgumentParser("masked pretraining", add_help=False)
    parser.add_argument("--epochs", default=400, type=int)
    parser.add_argument("--workers", default=8, type=int)
    parser.add_argument("--accum_iter", default=1, type=int)
    return parser


def main(opts):
    device = torch.device("cuda")
    encoder = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.GELU()).to(device)
    optimizer = torch.optim.AdamW(encoder.parameters(), lr=1.5e-4)
    patches = TensorDataset(torch.randn(4096, 64))
    loader = DataLoader(patches, batch_size=256, num_workers=opts.workers, pin_memory=True, drop_last=True)  # expect: GPU105 "8: argparse default of --workers"
    for epoch in range(opts.epochs):
        for it, (x,) in enumerate(loader):
            x = x.to(device, non_blocking=True)
            loss = (encoder(x) - x).pow(2).mean() / opts.accum_iter
            loss.backward()
            if (it + 1) % opts.accum_iter == 0:
                optimizer.step()
                optimizer.zero_grad()
                torch.cuda.empty_cache()  # expect: GPU208


if __name__ == "__main__":
    opts = build_parser()
    opts = opts.parse_args()
    main(opts)
