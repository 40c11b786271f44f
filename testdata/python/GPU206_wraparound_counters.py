"""A cursor that walks through data held in memory and starts over when it
reaches the end (`if cursor >= len(data): ...; cursor = 0`) takes that branch
once per pass over the data, not on every step: what the branch does (a
reshuffle, a note on the console) is not per-step work. A wrap-around whose
bound resolves below min_guard_interval (an accumulation counter reset every
2 steps) still runs often."""
import torch
import torch.nn as nn
import torch.nn.functional as F

device = torch.device("cuda")
model = nn.Linear(6, 3).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=5e-4)
ACCUMULATE = 2


def fit(samples, targets, iterations, batch_size):
    samples, targets = samples.to(device), targets.to(device)  # the whole set lives on the GPU
    cursor = 0
    passes = 0
    for it in range(iterations):
        x = samples[cursor : cursor + batch_size]
        y = targets[cursor : cursor + batch_size]
        cursor += batch_size
        if cursor >= samples.shape[0]:
            print("reshuffling after a full pass")  # ok: GPU206 (once per pass over the data)
            order = torch.randperm(samples.shape[0], device=device)
            samples, targets = samples[order], targets[order]
            torch.save(model.state_dict(), "pass.pt")  # ok: GPU203 (once per pass over the data)
            cursor = 0
            passes += 1
        else:
            print("same pass", cursor)  # expect: GPU206 "on every step" (the else of the wrap-around)
        loss = F.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if cursor >= batch_size:
            print("past the first batch")  # expect: GPU206 "on every step" (no reset: true from then on)


def fit_accumulated(loader):
    pending = 0
    for x, y in loader:
        loss = F.mse_loss(model(x.to(device)), y.to(device)) / ACCUMULATE
        loss.backward()
        pending += 1
        if pending >= ACCUMULATE:
            optimizer.step()
            optimizer.zero_grad()
            print("applied accumulated gradients")  # expect: GPU206 "on every step" (the counter wraps every 2 steps)
            pending = 0
