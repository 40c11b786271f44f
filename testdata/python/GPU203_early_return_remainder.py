# A helper called on every step that returns early unless the step is on its
# period: `if step % every: return` (a remainder that is not 0 skips, as
# `!= 0` does) leaves the save below it for one step in `every`. Returning
# on the period instead saves on all the other steps.
import torch
from torch.utils.data import DataLoader


def keep_snapshot(model, step, every):
    if step % every:
        return
    torch.save(model.state_dict(), f"snap_{step}.pt")  # ok: GPU203 (one step in `every`)


def keep_latest(model, opt, step, every):
    if (step + 1) % every:
        return
    torch.save({"model": model.state_dict(), "opt": opt.state_dict()}, "latest.pt")  # ok: GPU203 (one step in `every`)


def keep_off_period(model, step, every):
    if step % every == 0:
        return
    torch.save(model.state_dict(), "scratch.pt")  # expect: GPU203 "every step"


def train(loader, every=2000):
    net = torch.nn.Linear(16, 16).cuda()
    opt = torch.optim.AdamW(net.parameters())
    for step, x in enumerate(loader):
        loss = net(x.cuda(non_blocking=True)).square().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        keep_snapshot(net, step, every)
        keep_latest(net, opt, step, every)
        keep_off_period(net, step, every)


if __name__ == "__main__":
    train(DataLoader(torch.randn(4096, 16), batch_size=64, num_workers=4, pin_memory=True))
