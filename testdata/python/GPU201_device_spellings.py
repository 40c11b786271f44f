# The GPU a script picks, spelled the ways real scripts spell it: an index
# appended to "cuda:", an f-string, str.format, a `device=` keyword of `.to()`,
# and a module materialized from the meta device with `to_empty`. Each puts
# the script on the GPU path, so the loss read every step is a sync.
import torch
import torch.nn as nn


def train_rank(loader, rank):
    device = "cuda:" + str(rank)
    model = nn.Linear(8, 8).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in loader:
        loss = model(x.to(device)).sum()
        loss.backward()
        opt.step()
        print(loss.item())  # expect: GPU201 "`loss.item()` copies the GPU tensor `loss`"


def train_formatted(loader, rank):
    model = nn.Linear(8, 8).to(f"cuda:{rank}")
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in loader:
        loss = model(x.to("cuda:{}".format(rank))).sum()
        loss.backward()
        opt.step()
        print(loss.item())  # expect: GPU201 "`loss.item()` copies the GPU tensor `loss`"


def train_keyword(loader):
    model = nn.Linear(8, 8)
    model.to(device="cuda")
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in loader:
        loss = model(x.to(device="cuda", non_blocking=True)).sum()
        loss.backward()
        opt.step()
        print(loss.item())  # expect: GPU201 "`loss.item()` copies the GPU tensor `loss`"


def train_materialized(loader):
    with torch.device("meta"):
        model = nn.Linear(8, 8)
    model.to_empty(device="cuda")
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in loader:
        loss = model(x).sum()
        loss.backward()
        opt.step()
        print(loss.item())  # expect: GPU201 "`loss.item()` copies the GPU tensor `loss`"
