# A fence helper called right after a blocking copy waits for nothing (the
# copy drained the queue), but called again after the forward pass it waits
# for the pass on every step: the helper's synchronize is reported through
# that call. Called only after the copy, it waits for nothing.
import torch


def fence(dev):
    if dev.type == "cuda":
        torch.cuda.synchronize(dev)  # expect: GPU201 "runs on every step"


def fit(net, loader, opt, dev, clock):
    for rows in loader:
        x = torch.as_tensor(rows).to(dev)
        fence(dev)
        clock.mark("copied")
        loss = net(x).pow(2).mean()
        fence(dev)  # ok: GPU201 (reported in fence(), called from here)
        clock.mark("forward")
        opt.zero_grad()
        loss.backward()
        opt.step()


def fit_fenced_once(net, loader, opt, dev, clock):
    for rows in loader:
        x = torch.as_tensor(rows).to(dev)
        fence(dev)  # ok: GPU201 (the blocking copy already drained the queue)
        clock.mark("copied")
        loss = net(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def main(net, loader):
    dev = torch.device("cuda")
    fit(net.to(dev), loader, torch.optim.SGD(net.parameters(), lr=0.1), dev, None)
