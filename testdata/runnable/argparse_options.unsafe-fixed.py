"""Runnable fixture: a linear-softmax model whose loader settings come from
argparse defaults. GPU101's fix raises the `--workers` default and adds
`persistent_workers=args.workers > 0` (so `--workers 0` still runs). GPU103
has no fix here: a store_true flag whose default became True could never be
turned off. Validation runs under @torch.no_grad() already. Prints the final
validation loss."""
import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser(description="argparse-driven loader options")
parser.add_argument("--workers", type=int, default=4)
parser.add_argument("--pin-memory", action="store_true", default=False)
parser.add_argument("--epochs", type=int, default=3)
parser.add_argument("--batch-size", type=int, default=50)
args = parser.parse_args()
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def make_loader(samples, seed, shuffle):
    generator = torch.Generator().manual_seed(seed)
    x = torch.randn(samples, 10, generator=generator)
    y = (x @ torch.arange(10.0) > 0).long()
    return DataLoader(TensorDataset(x, y), batch_size=args.batch_size, shuffle=shuffle,
                      num_workers=args.workers, pin_memory=args.pin_memory, persistent_workers=args.workers > 0)  # expect: GPU101, GPU103


@torch.no_grad()
def validate(model, loader):  # ok: GPU205 (decorated)
    model.eval()
    total = torch.zeros((), device=device)
    for x, y in loader:
        total += nn.functional.cross_entropy(model(x.to(device)), y.to(device), reduction="sum")  # ok: GPU104 (pinning is off)
    model.train()
    return total.item() / len(loader.dataset)


def main():
    torch.manual_seed(0)
    train_loader = make_loader(400, 3, shuffle=True)
    val_loader = make_loader(100, 4, shuffle=False)
    model = nn.Linear(10, 2).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(args.epochs):
        for step, (x, y) in enumerate(train_loader):
            loss = nn.functional.cross_entropy(model(x.to(device)), y.to(device))  # ok: GPU104
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if step % 100 == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.4f}")  # ok: GPU201 (periodic)
        val_loss = validate(model, val_loader)
    print(f"final loss {val_loss:.6f}")


if __name__ == "__main__":
    main()
