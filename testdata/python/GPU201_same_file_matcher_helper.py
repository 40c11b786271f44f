"""A matching loss in the training script itself: its matcher copies the cost
matrix to the host for scipy's solver on every call, from the training loop
and from the evaluation loop alike. The finding sits in the helper; its
advice is a GPU implementation (the solver needs the values each time, and
the step backpropagates through the loss), and it names no tensor of the
other loop as the source."""
import torch
from scipy.optimize import linear_sum_assignment


class Matcher(torch.nn.Module):
    @torch.no_grad()
    def forward(self, pred, gold):
        cost = torch.cdist(pred, gold, p=1).cpu()  # expect: GPU201 "feeds `linear_sum_assignment(cost)` at line 15"
        rows, cols = linear_sum_assignment(cost)
        return torch.as_tensor(rows), torch.as_tensor(cols)


class MatchLoss(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.matcher = Matcher()

    def forward(self, pred, gold):
        r, c = self.matcher(pred, gold)
        return (pred[r] - gold[c]).abs().mean()


@torch.no_grad()
def score(net, crit, loader, device):
    net.eval()
    total = torch.zeros((), device=device)
    for x, gold in loader:
        total += crit(net(x.to(device, non_blocking=True)), gold.to(device, non_blocking=True))  # ok: GPU201 (the helper's finding)
    return total


def fit(net, loader, held, epochs=5):
    device = torch.device("cuda")
    net.to(device)
    crit = MatchLoss()
    opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
    for epoch in range(epochs):
        for x, gold in loader:
            loss = crit(net(x.to(device, non_blocking=True)), gold.to(device, non_blocking=True))
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(epoch, score(net, crit, held, device).item())
