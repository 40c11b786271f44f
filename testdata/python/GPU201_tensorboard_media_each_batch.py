# A visualisation pass exists to draw each batch's clips or images and write
# them to TensorBoard (`add_video`, `add_image`): copying the predictions and
# inputs to the host is its output, not an idle GPU to report, also when the
# writing happens in a project helper (a visualiser class whose nested
# function calls `add_video`). A pass that writes only scalars reads its
# values back for nothing else: that copy is reported.
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.tensorboard import SummaryWriter


class ClipPainter:
    def __init__(self, board, tag):
        self.board = board
        self.tag = tag

    def show(self, clips, guesses, step):
        def put(clip, guess, name):
            frames = (clip.permute(1, 0, 2, 3).numpy() * 255).astype(np.uint8)
            frames[:, :, :2, :2] = int(guess) % 255
            self.board.add_video(name, torch.from_numpy(frames).unsqueeze(0), step)

        for k in range(clips.shape[0]):
            put(clips[k], guesses[k], "%s/%d" % (self.tag, k))


@torch.no_grad()
def paint_batches(net, loader, painter):
    net.eval()
    for step, (clips, _) in enumerate(loader):
        clips = clips.cuda(non_blocking=True)
        guesses = net(clips).argmax(1)
        clips = clips.cpu()  # ok: the pass exists to paint each clip into TensorBoard (through ClipPainter.show)
        guesses = guesses.cpu()  # ok: same
        painter.show(clips, guesses, step)


@torch.no_grad()
def show_grids(net, loader, board):
    net.eval()
    for step, (clips, _) in enumerate(loader):
        scores = net(clips.cuda(non_blocking=True)).softmax(1)
        board.add_image("scores", scores.cpu().unsqueeze(0), step)  # ok: writes each batch's image


@torch.no_grad()
def score_batches(net, loader, board):
    net.eval()
    for step, (clips, _) in enumerate(loader):
        scores = net(clips.cuda(non_blocking=True)).softmax(1)
        top = scores.max().cpu()  # expect: GPU201 "copies a GPU tensor to the host on every batch"
        board.add_scalar("top", top, step)


if __name__ == "__main__":
    data = TensorDataset(torch.rand(64, 3, 4, 16, 16), torch.randint(0, 10, (64,)))
    loader = DataLoader(data, batch_size=8, num_workers=2, pin_memory=True, persistent_workers=True)
    net = nn.Sequential(nn.Flatten(1), nn.Linear(3 * 4 * 16 * 16, 10)).cuda()
    board = SummaryWriter("runs/vis")
    paint_batches(net, loader, ClipPainter(board, "clips"))
    show_grids(net, loader, board)
    score_batches(net, loader, board)
