"""Step loops that read a CUDA GradScaler's scale (get_scale() and
state_dict() call .item() on it inside torch) for a meter."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from mixed import ScaledUpdate, Tally


def direct(net, loader, steps_per_log=100):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    scaler = torch.cuda.amp.GradScaler()
    quiet = torch.cuda.amp.GradScaler(enabled=False)
    history = []
    for it, (x, y) in enumerate(loader):
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.cross_entropy(net(x), y)
        saved = scaler.state_dict()["scale"]  # expect: GPU201 "scaler.state_dict()"
        opt.zero_grad(set_to_none=True)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        history.append(scaler.get_scale())  # expect: GPU201 "GradScaler"
        snapshot = opt.state_dict()  # ok: GPU201 (an optimizer's state_dict reads nothing to the host)
        off = quiet.get_scale()  # ok: GPU201 (a disabled scaler keeps no scale tensor)
        if it % steps_per_log == 0:
            print(it, scaler.get_scale())  # ok: GPU201 (periodic guard)
    return history, saved, snapshot, off


def wrapped(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    update = ScaledUpdate()
    tally = Tally()
    seen = []
    for x, y in loader:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.cross_entropy(net(x), y)
        opt.zero_grad(set_to_none=True)
        update(loss, opt)
        seen.append(update.state_dict()["scale"])  # expect: GPU201 "state_dict"
        seen.append(tally.state_dict())  # ok: GPU201 (a plain object's state_dict)
    return seen


if __name__ == "__main__":
    data = TensorDataset(torch.randn(2048, 64), torch.randint(0, 10, (2048,)))
    loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True)
    model = nn.Linear(64, 10).cuda()
    direct(model, loader)
    wrapped(model, loader)
