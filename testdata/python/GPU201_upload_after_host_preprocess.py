# Each step reads and pads its image on the host through project helpers
# (cv2 and numpy only, two calls deep), then copies it to the GPU: the copy
# finds nothing queued in this pass, it is the step's input copy (GPU103 and
# GPU104 judge those). A helper that runs a module queues work, and an
# upload after it waits for that work.
import cv2
import numpy as np
import torch


def pad_to_square(img, side):
    canvas = np.zeros((side, side, 3), dtype=np.float32)
    canvas[: img.shape[0], : img.shape[1]] = img
    return canvas


def prepare(path, side=256):
    img = cv2.imread(path)[..., ::-1] / 255.0  # expect: GPU106
    scale = side / max(img.shape[:2])
    img = cv2.resize(img, None, fx=scale, fy=scale)
    return pad_to_square(img, side), scale


def embed_prompt(encoder, path):
    return encoder(torch.zeros(1, 16, dtype=torch.long).cuda()), len(path)  # expect: GPU201 "make it on the GPU directly"


def fit(model, encoder, paths, steps):
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)
    for step in range(steps):
        img, scale = prepare(paths[step % len(paths)])
        x = torch.from_numpy(img).permute(2, 0, 1)[None]
        x = x.cuda()  # ok: GPU201 (only host work queued before it)
        cond, n = embed_prompt(encoder, paths[step % len(paths)])
        target = torch.from_numpy(img[::2, ::2]).cuda()  # expect: GPU102, GPU201 "after the step has queued GPU work"
        loss = (model(x, cond) - target).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()



def fit_weighted(model, loader, weights):
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)
    for x, y in loader:
        pred = model(x.cuda(non_blocking=True))
        pred = pred.to("cuda")  # already on the GPU: returned as it is, no copy and no wait
        w = torch.tensor([float(v) for v in weights]).to("cuda")  # expect: GPU201 "after the step has queued GPU work"
        loss = (w * (pred - y.cuda(non_blocking=True)).pow(2)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    net = torch.load("net.pt").cuda()
    fit(net, torch.load("encoder.pt").cuda(), ["a.jpg", "b.jpg"], 1000)
