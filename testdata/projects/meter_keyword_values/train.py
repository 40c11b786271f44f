# A GPU tensor handed to the meter by keyword or in a splatted dict is read
# on every step; a learning rate (a host float) is not.
import torch

from meters import Meters, over_budget, report_loss, report_seen


def train(model, loader, optimizer, budget):
    meters = Meters()
    model.cuda()
    used = 0
    for x, y in loader:
        out = model(x.cuda(non_blocking=True))
        loss = torch.nn.functional.cross_entropy(out, y.cuda(non_blocking=True))
        parts = {"ce": loss.detach(), "reg": out.pow(2).mean().detach()}
        meters.update(**parts)  # expect: GPU201
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        acc = (out.argmax(-1) == y.cuda(non_blocking=True)).float().mean()
        meters.update(acc=acc)  # expect: GPU201 "Line 26 reads a GPU value right after it"
        meters.update(lr=optimizer.param_groups[0]["lr"])  # ok: GPU201 (a host float)
        used += x.shape[0]
        if over_budget(used=used, budget=budget, loss=loss):  # ok: GPU201 (reads the host count only)
            break
        report_loss(loss=loss, seen=used)  # ok: GPU201 (over_budget() reads host values only: part of line 21's finding)
        report_seen(loss=loss, seen=used)  # expect: GPU206  # ok: GPU201 (prints the host count)
