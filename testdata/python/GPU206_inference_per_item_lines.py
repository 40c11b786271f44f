"""An inference tool that prints one result line per input: in a script that
never trains, a record naming the loop's current item is the tool's output to
its user, not telemetry (GPU206 silent). A per-batch progress line of an
evaluation pass in the same script (a counter, a metric) is still GPU206."""
import time

import torch


def read_frames(folder):
    for name in sorted(folder.iterdir()):
        yield name.stem, torch.load(name)


@torch.no_grad()
def label_folder(model, folder):
    device = torch.device("cuda")
    model.to(device).eval()
    for name, frame in read_frames(folder):
        start = time.perf_counter()
        scores = model(frame[None].to(device))
        best = scores.argmax(1)
        elapsed = time.perf_counter() - start
        print(f"{name}: labelled in {elapsed * 1e3:.1f} ms")  # ok: GPU206 (the tool's per-item output)
        for k, row in enumerate(scores):
            prefix = f"{name} [{k}] "
            print(f"{prefix}scored")  # ok: GPU206 (the line is built from the item one binding earlier)


@torch.no_grad()
def score(model, loader):
    device = torch.device("cuda")
    model.to(device).eval()
    hits = torch.zeros((), device=device)
    for i, (x, y) in enumerate(loader):
        hits += (model(x.to(device)).argmax(1) == y.to(device)).sum()
        print(f"batch {i}/{len(loader)}")  # expect: GPU206 "logs on every batch"
    return hits
