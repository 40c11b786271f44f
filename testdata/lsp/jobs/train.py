import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--num-workers", type=int, default=4)
    parser.add_argument("--eval-workers", type=int, default=0)
    args = parser.parse_args()
    device = torch.device("cuda")
    data = TensorDataset(torch.randn(1024, 16), torch.randint(0, 2, (1024,)))
    loader = DataLoader(data, batch_size=64, num_workers=args.num_workers, pin_memory=True,
                        persistent_workers=args.num_workers > 0)
    eval_loader = DataLoader(data, batch_size=64, num_workers=args.eval_workers, pin_memory=True,
                             persistent_workers=args.eval_workers > 0)
    model = torch.nn.Linear(16, 2).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        for x, y in eval_loader:
            x = x.to(device, non_blocking=True)
            model(x)


if __name__ == "__main__":
    main()
