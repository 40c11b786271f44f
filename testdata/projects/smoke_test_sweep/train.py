# The real training: the loss module is rebuilt on every step (wasteful but
# cheap), which keeps the loop a step loop, and its per-step print is reported.
import torch
from torch.utils.data import DataLoader

from net import Net, PairLoss


def main():
    device = torch.device("cuda")
    model = Net(2).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(torch.randn(64, 4), batch_size=16, num_workers=2, pin_memory=True, persistent_workers=True)
    for epoch in range(5):
        for x in loader:
            x = x.to(device, non_blocking=True)
            criterion = PairLoss()
            loss = criterion(model(x), torch.zeros(x.shape[0], 2, device=device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            print("step done")  # expect: GPU206 "logs on every step"


if __name__ == "__main__":
    main()
