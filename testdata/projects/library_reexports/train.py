"""A training loop that resizes every batch with OpenCV taken from the
package's helpers: still OpenCV on the CPU between steps."""
import torch

from utils.general import cv2, np


def train(paths, steps):
    model = torch.nn.Conv2d(3, 6, 1).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(steps):
        frames = [cv2.resize(cv2.imread(p), (224, 224)) for p in paths]  # expect: GPU106 "OpenCV"
        batch = torch.from_numpy(np.stack(frames)).cuda(non_blocking=True).permute(0, 3, 1, 2).float()
        loss = model(batch).square().mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    train(["a.jpg"], 1000)
