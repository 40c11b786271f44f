# A helper that reads a GPU value back, called both by an evaluation pass
# (written first) and by the training step loop: the finding names the
# training step loop, where the read costs the most and the fix matters. A
# helper reading its parameter names where the tensor came from at the call
# the loop makes, not at another caller written first.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def nonzero_min(values, device):
    values = values.to(device)
    kept = values[values != 0]  # expect: GPU201 "on every step of the training step loop at line 45"
    return kept.min() if kept.numel() else None


def as_number(t):
    return t.float().item()  # expect: GPU201 "computed from `model(x.to(device, non_blocking=True))` at line 29"


def report_init(model, device):
    print("initial scale", as_number(torch.full((1,), 0.5, device=device)))


@torch.no_grad()
def validate(model, loader, device):
    model.eval()
    for x, y in loader:
        pred = model(x.to(device, non_blocking=True))
        target = y.to(device, non_blocking=True)
        errors = as_number(nn.functional.l1_loss(pred, target))
        score = nonzero_min((pred - y.to(device, non_blocking=True)).abs(), device)
        print(score)  # expect: GPU201 "on every batch of the evaluation loop"
    model.train()


def main():
    device = torch.device("cuda")
    model = nn.Linear(16, 1).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(4096, 16), torch.randn(4096, 1))
    loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    report_init(model, device)
    for epoch in range(10):
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            smallest = nonzero_min(loss.detach().view(1), device)
        validate(model, loader, device)


if __name__ == "__main__":
    main()
