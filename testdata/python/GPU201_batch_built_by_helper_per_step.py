# A helper that builds each step's batch from fresh random rows uploads new
# data on every call: building it once would train on one fixed batch, so the
# advice is a non-blocking copy. A table written in the loop itself is the
# same on every pass: that one can be made once.
import random

import torch
import torch.nn.functional as F

VOCAB = 16


def random_rows(count, width):
    rows = [[random.randrange(VOCAB) for _ in range(width)] for _ in range(count)]
    return torch.tensor(rows, device="cuda")  # expect: GPU201 "build it once before the loop if it does not change"


def fit(steps=5000):
    net = torch.nn.Embedding(VOCAB, VOCAB).cuda()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    batch = random_rows(64, 33)
    for _ in range(steps):
        logits = net(batch[:, :-1])
        weights = torch.tensor([1.0] * VOCAB, device="cuda")  # expect: GPU201 "its data is the same on every pass"
        loss = F.cross_entropy(logits.reshape(-1, VOCAB), batch[:, 1:].reshape(-1), weight=weights)
        opt.zero_grad()
        loss.backward()
        opt.step()
        batch = random_rows(64, 33)


if __name__ == "__main__":
    fit()
