import torch
from torch.utils.data import DataLoader, TensorDataset

from passes import evaluate_mean, evaluate_worst


def main():
    device = torch.device("cuda")
    net = torch.nn.Linear(8, 1).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(1024, 8), torch.randn(1024, 1))
    train = DataLoader(data, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    val = DataLoader(data, batch_size=256, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(20):
        for x, y in train:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = torch.nn.functional.mse_loss(net(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            err = evaluate_mean(net, val)
        worst = evaluate_worst(net, val)
        print(epoch, err.item(), worst.item())


if __name__ == "__main__":
    main()
