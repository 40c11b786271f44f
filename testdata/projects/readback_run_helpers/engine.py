# A step that times itself with torch.cuda.synchronize(), then records its
# values with a tracker of another module and averages them over ranks.
# The tracker's reads find the queue the synchronize drained: one finding.
# Each world_mean() starts a collective and waits for it: the three calls
# are one pattern, reported once at the first. A tracker handed a host
# value in between starts no GPU work and keeps the run going.
import torch

from meters import Tracker, world_mean


def train_epoch(model, loader, optimizer):
    model = model.cuda()
    tracker = Tracker()
    for inputs, targets in loader:
        inputs, targets = inputs.cuda(non_blocking=True), targets.cuda(non_blocking=True)
        out = model(inputs)
        loss = torch.nn.functional.cross_entropy(out, targets)
        aux = out.pow(2).mean()
        loss_value = loss.item()  # expect: GPU201 "Line 21 reads a GPU value right after it"
        aux_value = aux.item()  # ok: GPU201 (part of line 20's finding)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        torch.cuda.synchronize()  # expect: GPU201 "Line 27 reads a GPU value right after it"
        tracker.record(lr=optimizer.param_groups[0]["lr"])  # ok: GPU201 (a host float)
        tracker.record(aux=aux)  # ok: GPU201 (the synchronize drained the queue: part of its finding)
        mean_loss = world_mean(loss_value)  # expect: GPU201 "Lines 29 and 30 call world_mean() again right after it"
        mean_aux = world_mean(aux_value)  # ok: GPU201 (one more collective and wait: part of line 28's finding)
        mean_lr = world_mean(optimizer.param_groups[0]["lr"])  # ok: GPU201 (the same)
        print(mean_loss, mean_aux, mean_lr)
