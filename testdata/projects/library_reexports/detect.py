"""A detector CLI that takes OpenCV from the package's helpers: the frames it
draws and writes are OpenCV's writes, so reading each frame's detections back
is the output the loop exists for, not an idle GPU."""
import torch

from utils.general import cv2, read_frames
from utils.plots import Annotator


def main(paths, out_dir):
    model = torch.nn.Conv2d(3, 6, 1).cuda().eval()
    with torch.no_grad():
        for path, frame in read_frames(paths):
            image = torch.from_numpy(frame).cuda().permute(2, 0, 1)[None].float()
            pred = model(image)
            keep = (pred[0, 4] > 0.25).nonzero()  # ok: GPU201 (the detections are what the loop writes)
            annotator = Annotator(frame)
            for xyxy in keep.tolist():  # ok: GPU201 (same)
                annotator.box(xyxy)
            cv2.imwrite(f"{out_dir}/{path}", frame)


if __name__ == "__main__":
    main(["a.jpg", "b.jpg"], "runs")
