"""A launcher that builds the loaders and hands them to a trainer class and
a fine-tuning function of another module, each running its own epochs:
every epoch restarts the workers. The evaluation loader is read once."""
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset

from trainer import ContrastiveTrainer, evaluate, finetune

parser = argparse.ArgumentParser()
parser.add_argument("--workers", type=int, default=12)
parser.add_argument("--epochs", type=int, default=200)


def main():
    args = parser.parse_args()
    args.device = torch.device("cuda")
    data = TensorDataset(torch.randn(4096, 32), torch.randint(0, 10, (4096,)))
    loader = DataLoader(data, batch_size=256, shuffle=True, num_workers=args.workers, pin_memory=True)  # expect: GPU105 "each of the 200 epochs of the loop at"
    model = torch.nn.Linear(32, 10)
    optimizer = torch.optim.Adam(model.parameters())
    ContrastiveTrainer(model, optimizer, args).train(loader)
    tune_loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True)  # expect: GPU105 "each of the 30 epochs of the loop at"
    finetune(model, optimizer, tune_loader)
    eval_loader = DataLoader(data, batch_size=512, num_workers=4, pin_memory=True)  # ok: GPU105 (iterated once)
    print(evaluate(model, eval_loader))


if __name__ == "__main__":
    main()
