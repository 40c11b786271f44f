# `if cfg.NUM_GPUS:` holds on every run on a GPU node; its `else:` is the
# CPU-only run, where nothing was ever on a GPU. A value that the GPU branch
# copies to the host and the CPU-only branch only wraps is a host value after
# the if statement: reading it is no sync. When the test is some other
# switch, the branch that keeps the GPU tensor may run on a GPU node, and the
# read after it waits for the GPU.
import torch


def gather_all(t):
    return [t, t]


def review_clips(loader, net, cfg, board):
    net.eval()
    for clips, labels in loader:
        if cfg.NUM_GPUS:
            clips = clips.cuda(non_blocking=True)
        with torch.no_grad():
            scores = net(clips)
        if cfg.NUM_GPUS > 0:
            scores = [s.cpu() for s in gather_all(scores)]  # expect: GPU201
        else:
            scores = [scores]
        board.append(scores[0].argmax(1).tolist())  # ok: GPU201 (host values on every GPU run)


def review_clips_switch(loader, net, cfg, board):
    net.eval()
    for clips, labels in loader:
        clips = clips.cuda(non_blocking=True)
        with torch.no_grad():
            scores = net(clips)
        if cfg.GATHER:
            scores = [s.cpu() for s in gather_all(scores)]  # expect: GPU201
        else:
            scores = [scores]
        board.append(scores[0].argmax(1).tolist())  # expect: GPU201


net = torch.nn.Conv3d(3, 4, 3).cuda()
review_clips([], net, None, [])
review_clips_switch([], net, None, [])
