# A metrics block that calls a project helper reading a GPU value
# (`topk_accuracy` ends in `.item()`) next to plain reads: one finding for
# the block, whichever comes first. A forward pass between two reads starts
# a new finding.
import torch

from metrics import Meter, SmoothedLog, topk_accuracy

device = torch.device("cuda")


def train(model, loader, optimizer, criterion):
    losses, top5 = Meter(), Meter()
    for images, targets in loader:
        images, targets = images.to(device, non_blocking=True), targets.to(device, non_blocking=True)
        scores = model(images)
        loss = criterion(scores, targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        acc = topk_accuracy(scores, targets, 5)  # expect: GPU201 "Line 22 reads a GPU value right after it"
        losses.update(loss.item(), images.size(0))  # ok: GPU201 (read right after the helper's: part of its finding)
        top5.update(acc, images.size(0))


@torch.no_grad()
def validate(model, loader, criterion):
    losses, top5 = Meter(), Meter()
    for images, targets in loader:
        images, targets = images.to(device, non_blocking=True), targets.to(device, non_blocking=True)
        scores = model(images)
        losses.update(criterion(scores, targets).item(), images.size(0))  # expect: GPU201 "Line 33 reads a GPU value right after it"
        top5.update(topk_accuracy(scores, targets, 5), images.size(0))  # ok: GPU201 (the helper reads right after line 32)
        again = model(images)
        top5.update(topk_accuracy(again, targets, 5), images.size(0))  # expect: GPU201 "makes the host wait"


def train_logged(model, loader, optimizer, criterion):
    log = SmoothedLog()
    for images, targets in loader:
        loss = criterion(model(images.to(device, non_blocking=True)), targets.to(device, non_blocking=True))
        optimizer.zero_grad()
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        log.update(loss=loss)  # expect: GPU201 "Line 48 reads a GPU value right after it"
        log.update(lr=optimizer.param_groups[0]["lr"])
        log.update(grad_norm=grad_norm)  # ok: GPU201 (the same helper's call between reads starts no GPU work)
