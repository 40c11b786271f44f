import argparse

import torch
from torch.utils.data import DataLoader

from evaluation import evaluate, make_test_loader, make_val_loader


def run():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=300)
    parser.add_argument("--n_cpu", type=int, default=8)
    parser.add_argument("--evaluation_interval", type=int, default=1)
    parser.add_argument("--test_interval", type=int, default=5)
    args = parser.parse_args()
    model = torch.nn.Linear(4, 2).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    data = torch.randn(256, 4)
    train_loader = DataLoader(data, batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)
    val_loader = make_val_loader(data, 16, args.n_cpu)
    test_loader = make_test_loader(data, args.n_cpu)
    for epoch in range(1, args.epochs + 1):
        for images in train_loader:
            loss = model(images.cuda(non_blocking=True)).sum()
            loss.backward()
            optimizer.step()
        if epoch % args.evaluation_interval == 0:
            evaluate(model, val_loader)
        if epoch % args.test_interval == 0:
            evaluate(model, test_loader)


if __name__ == "__main__":
    run()
