# Loggers built only when an option asks for them, else None, handed to the
# training loop of another module, which tests them before each use. An
# option that is off by default (`--log_dir` None, `--use_tracker` False)
# makes the logger None on every path: its branch never runs. A logger whose
# test cannot be decided (`--board_dir` has a default, the rank is unknown)
# may exist: its per-step use is reported.
import argparse

import torch

from engine import train_one_epoch


def str2bool(v):
    return v.lower() in ("yes", "true", "1")


class Writer:
    def __init__(self, folder):
        self.folder = folder

    def update(self, **values):
        print(self.folder, values)


class Tracker:
    def log(self, values):
        print(values)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log_dir", default=None)
    parser.add_argument("--board_dir", default="runs")
    parser.add_argument("--use_tracker", type=str2bool, default=False)
    parser.add_argument("--epochs", type=int, default=10)
    args = parser.parse_args()
    rank = torch.distributed.get_rank() if torch.distributed.is_initialized() else 0
    model = torch.nn.Linear(8, 2).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    data = torch.utils.data.TensorDataset(torch.randn(512, 8), torch.randint(0, 2, (512,)))
    loader = torch.utils.data.DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    if rank == 0 and args.log_dir is not None:
        writer = Writer(args.log_dir)
    else:
        writer = None
    board = Writer(args.board_dir) if rank == 0 and args.board_dir else None
    if rank == 0 and args.use_tracker:
        tracker = Tracker()
    else:
        tracker = None
    for epoch in range(args.epochs):
        train_one_epoch(model, loader, opt, writer=writer, board=board, tracker=tracker)


if __name__ == "__main__":
    main()
