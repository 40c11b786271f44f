# A tracker walks a video's frames by index, decodes each one with OpenCV in
# a helper and hands it to another helper that runs the model on it: the
# frame loop runs a forward pass per frame as if the call were inline, so
# the decoding is host work on every pass. The loop over videos, which hands
# each whole video to the tracker, is no batch loop of its own.
import glob
import os

import cv2
import numpy as np
import torch
import torch.nn as nn


def load_frame(path):
    pixels = cv2.imread(path)  # expect: GPU106 "processes images with OpenCV in the main process on every batch of the evaluation loop at line 28"
    return torch.from_numpy(np.ascontiguousarray(pixels[:, :, ::-1].transpose(2, 0, 1))).float() / 255.0


def blend(model, frame, memory):
    features = model(frame.unsqueeze(0).cuda())
    return 0.7 * features + 0.3 * memory


@torch.no_grad()
def track(model, frames, out_dir):
    memory = model(load_frame(frames[0]).unsqueeze(0).cuda())
    for i in range(1, len(frames)):
        current = load_frame(frames[i])
        memory = blend(model, current, memory)
        mask = memory.argmax(1)[0].to(torch.uint8).cpu().numpy()
        cv2.imwrite(os.path.join(out_dir, f"{i:05d}.png"), mask)


if __name__ == "__main__":
    net = nn.Conv2d(3, 4, 3, padding=1).cuda().eval()
    for video in sorted(os.listdir("videos")):
        track(net, sorted(glob.glob(os.path.join("videos", video, "*.jpg"))), "masks")
