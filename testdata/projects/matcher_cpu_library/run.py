"""Training and validation through the matcher's loss: both loops wait for
it on every batch, and the message points at the solver; a helper that only
reads values back for a summary gets the read-after-the-loop advice."""
import torch

from assign import SlotLoss, rank_summary


@torch.no_grad()
def validate(net, crit, loader, device):
    net.eval()
    total = torch.zeros((), device=device)
    ranks = []
    for images, gold, sizes in loader:
        images, gold = images.to(device, non_blocking=True), gold.to(device, non_blocking=True)
        out = net(images)
        total += crit(out, gold, sizes)  # expect: GPU201 "feeds `linear_sum_assignment(c[i])` at"
        ranks.append(rank_summary(out))  # expect: GPU201 "copy the results to the host once after the loop"
    return total, ranks


def fit(net, loader, held, epochs=10):
    device = torch.device("cuda")
    net.to(device)
    crit = SlotLoss()
    opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
    for epoch in range(epochs):
        net.train()
        for images, gold, sizes in loader:
            images, gold = images.to(device, non_blocking=True), gold.to(device, non_blocking=True)
            loss = crit(net(images), gold, sizes)  # expect: GPU201 "a CPU library that needs the values on every call"
            opt.zero_grad()
            loss.backward()
            opt.step()
        validate(net, crit, held, device)
