# An evaluation pass that scores each sample of a batch in an inner loop:
# the sample's rows are picked from the batch's targets with a boolean mask
# on the GPU, and a matching helper selects with torch.nonzero. Each of those
# waits for the GPU once per sample of every batch, and the message says so
# (the inner loop is named, not only the batch loop). A selection in a list
# comprehension behind an opt-in flag (store_true, off by default) runs only
# when the user asks for it; a mask read once per batch is named by the
# batch loop alone.
import argparse

import torch
from torch.utils.data import DataLoader


def match_keypoints(pred, truth, radii):
    hits = torch.zeros(pred.shape[0], radii.shape[0], dtype=torch.bool, device=radii.device)
    dist = torch.cdist(pred[:, :2], truth[:, 1:3])
    for r in range(radii.shape[0]):
        close = torch.nonzero(dist < radii[r])  # expect: GPU201 "once per element of `outputs` (loop at line 36), on every batch of the evaluation loop at line 30 (through match_keypoints() called at line 38)"
        hits[close[:, 0], r] = True
    return hits


@torch.no_grad()
def evaluate(model, dataset, export_rows=False, device="cuda"):
    loader = DataLoader(dataset, batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)
    radii = torch.tensor([2.0, 4.0, 8.0], device=device)
    scores = []
    model.eval()
    for frames, targets in loader:
        frames = frames.to(device, non_blocking=True)
        targets = targets.to(device, non_blocking=True)
        visible = targets[targets[:, 3] > 0]  # expect: GPU201 "on every batch of the evaluation loop at line 30"
        outputs = model(frames)
        rows = [targets[targets[:, 0] == k, 1:] for k in range(len(outputs))] if export_rows else []  # ok: GPU201 (only with --export-rows, off by default)
        for k, out in enumerate(outputs):
            truth = targets[targets[:, 0] == k, 1:]  # expect: GPU201 "once per element of `outputs` (loop at line 36), on every batch of the evaluation loop at line 30"
            hits = match_keypoints(decode(out), truth, radii)  # ok: GPU201 (the helper's own line is reported, in this file)
            scores.append(hits.float().mean())
        scores.append(visible.float().mean() + len(rows))
    return torch.stack(scores).mean()


def decode(out, stride=4.0):
    """One sample's keypoint rows (x, y, score, visible), x and y in pixels."""
    rows = out.view(-1, 4)
    return torch.cat((rows[:, :2] * stride, rows[:, 2:]), dim=1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--export-rows", action="store_true")
    args = parser.parse_args()
    model = torch.nn.Linear(8, 4).cuda()
    data = [(torch.randn(8), torch.randn(6, 4)) for _ in range(64)]
    print(evaluate(model, data, export_rows=args.export_rows))


if __name__ == "__main__":
    main()
