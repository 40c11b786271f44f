"""Batch loops; the progress meter yields the loader's batches unchanged."""
import torch

from meters import Progress


def fit_epoch(net, loss_fn, batches, opt, device):
    net.train()
    progress = Progress("fit")
    for inputs, labels in progress.iterate(batches, every=25):
        inputs, labels = inputs.to(device), labels.to(device)  # ok: GPU104
        loss = loss_fn(net(inputs), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        progress.note(loss.item())  # expect: GPU201 "loss.item()"


@torch.no_grad()
def score(net, batches, device):
    net.eval()
    progress = Progress("score")
    # numbered() yields (index, batch) pairs it makes itself: not the loader's batches.
    for index, batch in progress.numbered(batches):
        inputs = batch[0].to(device)
        progress.note(net(inputs).sum())
