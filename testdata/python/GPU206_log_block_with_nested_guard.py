# One logging block behind one guard, with a log nested a guard deeper: one
# event per step, so one finding that names every log of the block.
import torch
import torch.nn.functional as F
from torch.utils.tensorboard import SummaryWriter


def fit(net, loader, opt, writer, accumulate=2, clip=None):
    net = net.cuda()
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(net(x.cuda(non_blocking=True)), y.cuda(non_blocking=True)) / accumulate
        loss.backward()
        stepped = (i + 1) % accumulate == 0
        if stepped:
            opt.step()
            opt.zero_grad()
        lr = opt.param_groups[0]["lr"]
        if writer is not None and (i + 1) % accumulate == 0:
            writer.add_scalar("lr", lr, i)  # expect: GPU206 "The statements right after it log in the same block"
            if clip is not None:
                writer.add_scalar("clip", clip, i)  # ok: GPU206 (same block)
            writer.add_scalar("step", i, i)  # ok: GPU206 (same block)
        writer.add_scalar("loss", 1.0, i)  # expect: GPU206 "logs on every step"


def fit_clipped(net, loader, opt, writer, clip=1.0):
    net = net.cuda()
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(net(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
        loss.backward()
        opt.step()
        opt.zero_grad()
        if writer is not None:
            if clip is not None:
                writer.add_scalar("clip", clip, i)  # expect: GPU206 "The statements right after it log in the same block"
            writer.add_scalar("step", i, i)  # ok: GPU206 (same block, after the nested log)


if __name__ == "__main__":
    data = torch.utils.data.TensorDataset(torch.randn(512, 4), torch.randn(512, 4))
    loader = torch.utils.data.DataLoader(data, batch_size=32, num_workers=2, pin_memory=True, persistent_workers=True)
    fit(torch.nn.Linear(4, 4), loader, torch.optim.SGD(torch.nn.Linear(4, 4).parameters(), lr=0.1), SummaryWriter())
