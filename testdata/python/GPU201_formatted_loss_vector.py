"""A running mean of a GPU loss vector formatted into a progress line on every
step: `%` (with a format built from literals and `*vector` unpacked) and
`.format(*vector)` convert each element with float(), a host read per step.
That is the sync (GPU201) at the log call, not a second GPU206 finding. Host
and unknown values formatted the same way stay GPU206 only."""
import torch
from tqdm import tqdm


def two_losses(model, x, y):
    out = model(x)
    mse = (out - y).pow(2).mean()
    l1 = (out - y).abs().mean()
    return mse + l1, torch.stack((mse, l1)).detach()


def train_with_bar(model, loader, optimizer):
    device = torch.device("cuda")
    model.to(device)
    for epoch in range(20):
        mean_parts = torch.zeros(2, device=device)
        bar = tqdm(enumerate(loader), total=len(loader))
        for i, (x, y) in bar:
            loss, parts = two_losses(model, x.to(device), y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            mean_parts = (mean_parts * i + parts) / (i + 1)
            bar.set_description(("%8s" + "%9.4g" * 2) % (f"{epoch}/20", *mean_parts))  # expect: GPU201 "formats the GPU tensor `mean_parts`"  # ok: GPU206 (the sync is the finding)
            lrs = [g["lr"] for g in optimizer.param_groups]
            bar.set_postfix_str(("%s" + " %.2e" * len(lrs)) % ("lr", *lrs))  # expect: GPU206 "logs on every step"  # ok: GPU201 (host floats)


def train_with_print(model, loader, optimizer, meter):
    device = torch.device("cuda")
    model.to(device)
    running = torch.zeros(2, device=device)
    for x, y in loader:
        loss, parts = two_losses(model, x.to(device), y.to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        running += parts
        print("mse {:.4f} l1 {:.4f}".format(*running))  # expect: GPU201 "formats the GPU tensor `running`"  # ok: GPU206 (one event)
        print("avg %.4f %.4f" % (*meter.averages(),))  # expect: GPU206 "logs on every step"  # ok: GPU201 (unknown values never fire)
