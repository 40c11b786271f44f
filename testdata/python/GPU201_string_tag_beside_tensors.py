# A step function returns its GPU metrics together with host tags that say how
# to reduce each one. Comparing a tag with a string literal reads nothing from
# the GPU (a tensor is never compared with a string); the `.item()` after it is
# the step's host read.
import torch
from torch import nn

device = torch.device("cuda")


def run_step(net, opt, batch):
    loss = net(batch).square().mean()
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    stats = {"loss": loss.detach(), "scale": torch.ones((), device=device)}
    how = {"loss": "sum", "scale": "last"}
    return {"stats": stats, "how": how}


def train(net, opt, batches):
    history = []
    for batch in batches:
        result = run_step(net, opt, batch.to(device, non_blocking=True))
        how = result["how"]
        row = {}
        for name, value in result["stats"].items():
            rule = how[name]
            weight = 0.5 if rule == "sum" else 1.0  # ok: GPU201 (a string tag, not a tensor)
            if rule != "la" "st":  # ok: GPU201 (a string tag)
                row[name] = value.item() * weight  # expect: GPU201 ".item()"
        history.append(row)
    return history


if __name__ == "__main__":
    model = nn.Linear(16, 1).to(device)
    train(model, torch.optim.SGD(model.parameters(), lr=0.1), [torch.randn(8, 16) for _ in range(100)])
