# A helper that narrows the parameters with filter() before reading each
# gradient's norm on the host: the filtered items are still the model's GPU
# parameters, so every step syncs once per parameter. The same helper over
# host tensors (statistics kept on the CPU) reads nothing from the GPU.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def largest_grad(parameters):
    trainable = list(filter(lambda p: p.grad is not None and p.requires_grad, parameters))
    best = 0.0
    for p in trainable:
        best = max(best, p.grad.detach().abs().max().item())  # expect: GPU201 "item()"
    return best


def largest_value(tensors):
    kept = filter(lambda t: t.numel() > 0, tensors)
    return max(t.abs().max().item() for t in kept)  # ok: GPU201 — host tensors


def main():
    device = torch.device("cuda")
    net = nn.Sequential(nn.Linear(64, 64), nn.GELU(), nn.Linear(64, 1)).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    data = TensorDataset(torch.randn(8192, 64), torch.randn(8192, 1))
    loader = DataLoader(data, batch_size=256, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    host_stats = [torch.zeros(4), torch.ones(2)]
    for epoch in range(5):
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = nn.functional.mse_loss(net(x), y)
            opt.zero_grad()
            loss.backward()
            worst = largest_grad(net.parameters())
            opt.step()
            host_stats.append(torch.tensor([worst]))
            peak = largest_value(host_stats)


if __name__ == "__main__":
    main()
