from . import helpers
from .helpers import log_loss


def train_one_epoch(model, criterion, data_loader, optimizer, device, epoch, log_every=100):
    model.train()
    for step, (samples, targets) in enumerate(data_loader):
        samples = samples.to(device)  # expect: GPU104 "main.py:16"
        targets = targets.to(device, non_blocking=True)  # ok: GPU104
        loss = criterion(model(samples), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % log_every == 0:
            log_loss(epoch, step, loss)  # expect: GPU201 "log_loss() runs"
        helpers.record(loss)  # expect: GPU201 "helpers.py:"
