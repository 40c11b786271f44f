"""Timing each stage of an evaluation loop with Ultralytics' Profile: built
with a CUDA device it calls torch.cuda.synchronize() when each block is
entered and left, so every stage drains the GPU's queue on every batch (the
YOLO val loops keep three of them in a tuple). Built without a device, its
behaviour depends on the installed version, and on the host it syncs
nothing; the stage after a drained block is not reported again."""
import torch
from ultralytics.utils.ops import Profile


def validate(model, loader, device=torch.device("cuda:0")):
    model.eval()
    dt = Profile(device=device), Profile(device=device), Profile(device=device)
    seen = 0
    with torch.no_grad():
        for images, targets in loader:
            with dt[0]:  # expect: GPU201 "Ultralytics' Profile(...) built at line 13 (`Profile(device=device)`) is given a CUDA device"
                images = images.to(device, non_blocking=True)
                targets = targets.to(device, non_blocking=True)
            with dt[1]:  # ok: GPU201 (part of the finding at dt[0]: the same pass)
                preds = model(images)
            targets[:, 2:] *= torch.tensor((4, 4, 4, 4), device=device)  # ok: GPU201 (dt[1] drained the queue)
            with dt[2]:  # ok: GPU201 (part of the finding at dt[0])
                keep = preds.sigmoid() > 0.5
            seen += images.shape[0]
    return seen, keep


def timed_forward(model, loader, device=torch.device("cuda:0")):
    model.eval()
    with torch.no_grad():
        for images in loader:
            with Profile(device=device) as stage:  # expect: GPU201 "Profile(...) built at line 33"
                model(images.to(device, non_blocking=True))


def classify_val(model, loader, device=torch.device("cuda:0")):
    model.eval()
    preds, total, dt = [], 0, (Profile(device=device), Profile(device=device))
    with torch.no_grad():
        for images, labels in loader:
            with dt[0]:  # expect: GPU201 "Profile(...) built at line 39"
                images = images.to(device, non_blocking=True)
            with dt[1]:  # ok: GPU201 (part of the finding at dt[0])
                preds.append(model(images).argmax(1))


def unknown_version(model, loader, device=torch.device("cuda:0")):
    model.eval()
    timer = Profile()  # no device: whether it syncs depends on the installed version
    with torch.no_grad():
        for images in loader:
            with timer:  # ok: GPU201 (no device given)
                model(images.to(device, non_blocking=True))


def host_timing(model, loader):
    cpu = torch.device("cpu")
    timer = Profile(device=cpu)
    with torch.no_grad():
        for images in loader:
            with timer:  # ok: GPU201 (a host device syncs nothing)
                model(images)


def periodic(model, loader, device=torch.device("cuda:0")):
    timer = Profile(device=device)
    for step, images in enumerate(loader):
        images = images.to(device, non_blocking=True)
        loss = model(images).mean()
        loss.backward()
        if step % 100 == 0:
            with timer:  # ok: GPU201 (every 100 steps)
                model(images)
