import torch

from nets.table import build_baseline, build_model


def train(name, loader, width):
    device = torch.device("cuda")
    model = build_model(name, width)
    model.to(device)
    optimizer = torch.optim.Adam(model.parameters())
    for epoch in range(20):
        for x, src, dst, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            src, dst = src.to(device, non_blocking=True), dst.to(device, non_blocking=True)
            scores = model(x, src, dst)  # expect: GPU201 "forward() runs"
            loss = torch.nn.functional.cross_entropy(scores, y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def baseline(name, loader, width):
    device = torch.device("cuda")
    model = build_baseline(name, width).to(device)
    optimizer = torch.optim.Adam(model.parameters())
    for epoch in range(20):
        for x, src, dst, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            scores = model(x, src.to(device), dst.to(device))  # ok: GPU201 (the pooling network does not sync)
            loss = torch.nn.functional.cross_entropy(scores, y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
