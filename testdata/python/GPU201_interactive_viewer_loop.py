# A demo that shows each prediction in a window and waits for the user
# (`plt.show()`, `cv2.waitKey(0)`, `input()`) runs at the user's pace: its
# loop is an interactive viewer, not an evaluation pass, and copying the
# outputs back to draw them is what it is for. The same loop without the
# wait is an evaluation loop whose reads are reported.
import cv2
import matplotlib.pyplot as plt
import torch

net = torch.nn.Conv2d(3, 1, 3, padding=1).cuda().eval()
frames = [torch.rand(1, 3, 64, 64) for _ in range(100)]

with torch.no_grad():
    for frame in frames:
        mask = net(frame.cuda(non_blocking=True))
        plt.imshow(mask[0, 0].cpu().numpy())  # ok: drawn for a viewer that waits on the user
        plt.show()

    for frame in frames:
        mask = net(frame.cuda(non_blocking=True))
        cv2.imshow("mask", mask[0, 0].cpu().numpy())  # ok: drawn for a viewer that waits on a key
        if cv2.waitKey(0) == ord("q"):
            break

    for frame in frames:
        mask = net(frame.cuda(non_blocking=True))
        print(mask.mean().item())  # ok: the loop waits for the user at input() each pass
        input("next?")

    scores = []
    for frame in frames:
        mask = net(frame.cuda(non_blocking=True))
        scores.append(mask.mean().item())  # expect: GPU201 "every batch of the evaluation loop"
