# Reads of GPU values one right after another in a step, with no forward or
# backward pass between them, are one anti-pattern: the first read drains the
# GPU's queue and the others find it idle. One finding at the first read, the
# others as related locations; runs broken by real GPU work stay apart.
import torch
import torch.nn.functional as F

device = torch.device("cuda")


def train(model, loader, optimizer, meters, use_aux):
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        out = model(x)
        loss = F.cross_entropy(out, y)
        if loss > 10:  # expect: GPU201 "as a host bool"
            raise RuntimeError("diverging")
        aux = out.pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        meters["loss"].update(loss.item())  # expect: GPU201 "Lines 23, 25 and 26 read GPU values right after it"
        meters["aux"].update(aux.item())  # ok: GPU201 (read right after line 22: part of its finding)
        if use_aux:
            meters["norm"].update(out.norm().item())  # ok: GPU201 (in an `if` right after line 23: part of its finding)
        meters["max"].update(out.max().item())  # ok: GPU201 (after the `if` body, line 23 still ran before it)


def evaluate(model, loader):
    total = 0.0
    correct = 0
    with torch.no_grad():
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            out = model(x)
            total += F.cross_entropy(out, y, reduction="sum").item()  # expect: GPU201 "Line 38 reads a GPU value"
            pred = out.argmax(dim=1)
            correct += pred.eq(y).sum().item()  # ok: GPU201 (read right after line 36; its fix joins that one)
    return total, correct


def penalty(t):
    return t.abs().mean()


def separated(model, loader, optimizer):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        out = model(x)
        first = out.mean().item()  # expect: GPU201 "`out.mean().item()`"
        again = model(x)
        second = again.mean().item()  # expect: GPU201 "`again.mean().item()`"
        loss = F.mse_loss(again, out.detach())
        optimizer.zero_grad()
        loss.backward()
        third = loss.item()  # expect: GPU201 "`loss` comes from"
        score = penalty(out)
        fourth = score.item()  # expect: GPU201 "`score.item()`"
        optimizer.step()
    return first, second, third, fourth


def branches(model, loader, optimizer, verbose):
    for x, y in loader:
        x = x.to(device, non_blocking=True)
        out = model(x)
        optimizer.zero_grad()
        out.mean().backward()
        optimizer.step()
        if verbose:
            low = out.min().item()  # expect: GPU201 "`out.min().item()`"
        high = out.max().item()  # expect: GPU201 "Line 74 reads a GPU value right after it"
        for part in out.split(4):
            piece = part.sum().item()  # ok: GPU201 (the parts are read right after line 72: its finding)
    return low, high, piece


@torch.no_grad()
def parts_to_host(model, loader, gather):
    """Copies a pass's results to the host, a list of tensors part by part,
    in an if/else: one drained queue, one finding."""
    for inputs, labels in loader:
        inputs = [x.to(device, non_blocking=True) for x in inputs]
        labels = labels.to(device, non_blocking=True)
        preds = model(inputs)
        labels = labels.cpu()  # expect: GPU201 "Lines 87, 90 and 92 read GPU values right after it"
        preds = preds.cpu()
        if isinstance(inputs, list):
            for i in range(len(inputs)):
                inputs[i] = inputs[i].cpu()
        else:
            inputs = inputs.cpu()
        gather(inputs, labels, preds)


def reads_in_a_with(model, loader, optimizer):
    """A read inside `with torch.no_grad():` always runs, so the log line
    after the with, and the read in the next with, find the queue drained:
    one finding. A forward pass after them queues work again."""
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        out = model(x)
        loss = F.mse_loss(out, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        with torch.no_grad():
            err = (out - y).abs().mean().item()  # expect: GPU201 "Lines 109 and 111 read GPU values right after it"
        print("loss {:.3f} err {:.3f}".format(loss, err))  # ok: GPU201 (after the with that read at line 108: part of its finding)
        with torch.no_grad():
            spread = out.std().item()  # ok: GPU201 (nothing queued since line 108's read: part of its finding)
            again = model(x)
        print("spread {:.3f} again {:.3f}".format(spread, again.mean()))  # expect: GPU201 "`print` receives a GPU tensor"
