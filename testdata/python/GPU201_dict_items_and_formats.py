"""Per-step host reads behind a dict of losses and an f-string, next to
loops that are not batch loops: a dict's items, a table's rows."""
import pandas as pd
import torch


def log_loss_dict(losses):
    for key, values in losses.items():
        print(key, values.mean().item())  # ok: GPU201 (called right after line 22's read: part of its finding)


def train(model, loader, optimizer, device, sp_size):
    for it, (x, y) in enumerate(loader):
        outputs = model(x.to(device, non_blocking=True))
        loss = torch.nn.functional.cross_entropy(outputs, y.to(device, non_blocking=True))
        if sp_size > 1:
            gathered = torch.distributed.nn.functional.all_gather(loss)
            total = sum(gathered[r] * 2 for r in range(sp_size))
            loss = total / max(sp_size, 1)
        if it == 0:
            print("first step")
        print(f"{it}: {loss=}")  # expect: GPU201 "Line 23 reads a GPU value right after it"
        log_loss_dict({"loss": loss, "scaled": loss * 2})
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()


@torch.no_grad()
def export_all(model, formats: pd.DataFrame, device):
    results = []
    for i, (name, suffix) in formats.iterrows():
        out = model(torch.zeros(1, 3, device=device))
        print(f"exported {name} ({suffix})")  # ok: GPU206
        results.append(out.sum())
    return results


def main(loader, formats):
    device = torch.device("cuda")
    model = torch.nn.Linear(3, 10).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train(model, loader, optimizer, device, sp_size=4)
    return export_all(model, formats, device)
