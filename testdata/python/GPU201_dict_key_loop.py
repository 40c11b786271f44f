"""Looping over a dict of GPU tensors yields its keys (strings): formatting
a key costs nothing. `.values()` yields the tensors and `.items()` pairs each
key with its tensor: reading those on the host every step syncs."""
import torch


def step_terms(logits, y):
    return {"ce": torch.nn.functional.cross_entropy(logits, y), "mean": logits.mean()}


def main():
    device = torch.device("cuda")
    data = torch.utils.data.TensorDataset(torch.randn(256, 8), torch.randint(0, 2, (256,)))
    loader = torch.utils.data.DataLoader(data, batch_size=16, num_workers=2, pin_memory=True,
                                         persistent_workers=True)
    net = torch.nn.Linear(8, 2).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    totals = {}
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        logits = net(x)
        terms = step_terms(logits, y)
        opt.zero_grad()
        terms["ce"].backward()
        opt.step()
        parts = {"ce": terms["ce"].detach(), "norm": logits.detach().norm()}
        for name in parts:
            tag = f"train/{name}"  # ok: GPU201 (a key of the dict, a string)
            totals[tag] = totals.get(tag, 0.0) + parts[name]
        for key in terms.keys():
            totals[f"seen/{key}"] = 1  # ok: GPU201 (keys() yields the names)
        labels = [f"{k}" for k in parts]  # ok: GPU201 (the comprehension iterates keys too)
        for value in parts.values():
            print(f"{value}")  # expect: GPU201 "Line 36 reads a GPU value right after it"
        for key, value in terms.items():
            print(key, value.item())  # ok: GPU201 (after the loop above drained the queue: part of its finding)
    print(totals, labels)
