"""A detector CLI draws the boxes of each frame and saves the frame: bringing
each frame's detections to the host is what the loop is for, so its syncs
are not an idle GPU to report; nor are those of a validation pass that
writes each rendered view. The same loop that only counts detections,
and a training step that saves a preview on every step, still sync for
nothing the loop needs."""
import argparse

import cv2
import numpy as np
import torch
from torch.utils.data import DataLoader


def suppress(pred, thres):
    keep = (pred[..., 4] > thres).nonzero()
    return [p[keep[:, 0]] for p in pred]


def detect(model, frames, out_dir, thres):
    model.eval()
    with torch.no_grad():
        for path, im, im0 in frames:
            im = im.to("cuda", non_blocking=True)
            pred = suppress(model(im), thres)  # ok: GPU201 (the frame's detections are the output the loop writes)
            for det in pred:
                for *xyxy, conf, cls in det.tolist():  # ok: GPU201 (same)
                    cv2.rectangle(im0, (int(xyxy[0]), int(xyxy[1])), (int(xyxy[2]), int(xyxy[3])), (0, 255, 0), 2)
                cv2.imwrite(f"{out_dir}/{path}", im0)


def count_detections(model, frames, thres):
    model.eval()
    total = 0
    with torch.no_grad():
        for path, im, im0 in frames:
            im = im.to("cuda", non_blocking=True)
            pred = model(im)
            total += (pred[..., 4] > thres).sum().item()  # expect: GPU201 "copies"
    return total


def train(model, optimizer, loader, previews):
    model.train()
    for step, (x, y) in enumerate(loader):
        x, y = x.to("cuda", non_blocking=True), y.to("cuda", non_blocking=True)
        out = model(x)
        loss = torch.nn.functional.mse_loss(out, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        frame = (out[0].detach().clamp(0, 1) * 255).byte().cpu().numpy()  # expect: GPU201 "copies"
        cv2.imwrite(f"{previews}/{step}.png", frame)


def validate(model, loader, out_dir):
    model.eval()
    with torch.no_grad():
        for i, (x, _) in enumerate(loader):
            pred = model(x.to("cuda", non_blocking=True))
            view = (pred[0].clamp(0, 1) * 255).byte().permute(1, 2, 0).cpu().numpy()  # ok: GPU201 (each rendered view is written)
            cv2.imwrite(f"{out_dir}/view_{i}.png", view)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", default="frames")
    parser.add_argument("--out", default="runs")
    opt = parser.parse_args()
    model = torch.nn.Conv2d(3, 6, 1).cuda()
    frames = DataLoader(np.load(opt.source + ".npy"), batch_size=1, num_workers=2, pin_memory=True)
    detect(model, frames, opt.out, 0.25)
    print(count_detections(model, frames, 0.25))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train(model, optimizer, frames, opt.out)
    validate(model, frames, opt.out)


if __name__ == "__main__":
    main()
