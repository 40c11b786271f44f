import argparse

from torch.utils.data import DataLoader

parser = argparse.ArgumentParser()
parser.add_argument("--num-workers", type=int, default=0)
args = parser.parse_args()


def make_loaders(train_set, val_set):
    train = DataLoader(train_set, batch_size=64, shuffle=True, num_workers=args.num_workers)
    val = DataLoader(val_set, batch_size=64)
    return train, val
