"""Saving what the model produced for each batch (`Image.fromarray(x).save(...)`,
`cv2.imwrite(...)`), showing it in a window or writing it to a video, with
the boxes a detector drew on it, handles the loop's outputs: no worker can
take it over, and it is what an inference loop is for; so is converting the
colours of an image inside the call that writes it, or making a thumbnail of
an output (post-processing no Dataset could take over). Editing the loop's
input images with PIL or OpenCV (converting the colours of a camera frame
before the model sees it) is preprocessing on the host and is reported."""
import os

import cv2
import numpy as np
import torch
from PIL import Image


@torch.no_grad()
def render(model, loader, outdir):
    device = torch.device("cuda")
    model = model.to(device).eval()
    index = 0
    thumbs = []
    for batch in loader:
        images = model(batch.to(device, non_blocking=True)).clamp(0, 1)
        for image in images:
            pixels = (255.0 * image.permute(1, 2, 0).cpu().numpy()).astype(np.uint8)
            Image.fromarray(pixels).save(os.path.join(outdir, f"{index:05d}.png"))  # ok: GPU106 (writes an output)
            cv2.imwrite(os.path.join(outdir, f"{index:05d}.jpg"), pixels[:, :, ::-1])  # ok: GPU106 (writes an output)
            cv2.imwrite(os.path.join(outdir, f"{index:05d}.bmp"), cv2.cvtColor(pixels, cv2.COLOR_RGB2BGR))  # ok: GPU106 (converts the output it writes)
            thumbs.append(Image.fromarray(pixels).resize((32, 32)))  # ok: GPU106 (a thumbnail of an output)
            index += 1
    return thumbs


@torch.no_grad()
def detect(model, loader, video_path, show):
    device = torch.device("cuda")
    model = model.to(device).eval()
    writer = None
    for frame in loader:
        rgb = cv2.cvtColor(frame, cv2.COLOR_BGR2RGB)  # expect: GPU106 "processes images with OpenCV"
        boxes = model(torch.from_numpy(rgb).to(device, non_blocking=True)).cpu().numpy()
        for x1, y1, x2, y2 in boxes.astype(int):
            cv2.rectangle(frame, (x1, y1), (x2, y2), (0, 255, 0), 2)  # ok: GPU106 (draws the result)
            cv2.putText(frame, "object", (x1, y1 - 2), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 255, 0), 1)  # ok: GPU106
        if show:
            cv2.imshow("detections", frame)  # ok: GPU106 (shows the result)
            cv2.waitKey(1)  # ok: GPU106
        if writer is None:
            writer = cv2.VideoWriter(video_path, cv2.VideoWriter_fourcc(*"mp4v"), 30, frame.shape[1::-1])  # ok: GPU106
        writer.write(frame)
