"""GPU201/GPU106: evaluation loops over items that are not named like batches
still run the model on each item when the call takes a local computed from
the item (`x = to_tensor(frame)` then `net(x)`), when it is a method of the
module (`net.embed(x)`), and in a `while` loop that draws its batches with
`next(data)`. A token loop whose model input is only computed after the call
(from the previous pass's output) samples; it walks no items. A method that
only sets the module up (`net.load_state_dict(state)`) runs no forward pass,
and a loop over file paths or class names that embeds each builds a table
once (GPU106_wrapped_iterables.py): only a direct `net(path)` call counts there."""
import cv2
import numpy as np
import torch
import torch.nn as nn


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        return self.conv(x)

    def embed(self, x):
        return self.conv(x).relu()


@torch.no_grad()
def eval_frames(net, frame_list):
    labels = []
    for k in range(len(frame_list)):
        img = cv2.imread(frame_list[k])  # expect: GPU106 "OpenCV"
        x = torch.from_numpy(img).permute(2, 0, 1).unsqueeze(0).float().cuda()
        feat = net(x)[0]
        labels.append(feat.argmax(0).cpu().numpy())  # expect: GPU201 "on every batch of the evaluation loop"
    return labels


@torch.no_grad()
def eval_embeddings(net, frames):
    for frame in frames:
        image = cv2.resize(frame, (64, 64))  # expect: GPU106 "OpenCV"
        net.embed(torch.from_numpy(image).permute(2, 0, 1)[None].float().cuda())


@torch.no_grad()
def eval_drawn(net, data, total):
    seen = 0
    scores = []
    while seen < total:
        batch = next(data)
        out = net(batch.cuda())
        scores.append(out.mean().item())  # expect: GPU201 "on every batch of the evaluation loop"
        seen += batch.shape[0]


@torch.no_grad()
def sample_tokens(net, start, steps):
    x = start
    for n in range(steps):
        logits = net(x)
        x = torch.softmax(logits, dim=1)
        print(n, x.sum().item())  # ok: GPU201 (a sampling loop: no batch per pass)


@torch.no_grad()
def eval_checkpoints(net, states):
    for state in states:
        net.load_state_dict(state)
        print(float(net.conv.weight.sum()))  # ok: GPU201 (loads weights; no forward pass per item)


@torch.no_grad()
def embed_files(net, paths):
    for p in paths:
        x = torch.from_numpy(cv2.imread(p)).permute(2, 0, 1)[None].float().cuda()  # ok: GPU106 (once per file of a table)
        print(float(net(x).sum()))  # ok: GPU201 (a loop over paths: not a batch loop)


def main(paths, frames, data, states):
    net = Backbone().cuda().eval()
    eval_frames(net, paths)
    eval_embeddings(net, frames)
    embed_files(net, paths)
    eval_drawn(net, data, 1000)
    sample_tokens(net, torch.randn(1, 3, 8, 8).cuda(), 64)
    eval_checkpoints(net, states)
