"""The batch loop iterates the loader through the meter's generator."""
import torch

from meters import Meter


def fit_epoch(net, batches, opt, device):
    net.train()
    meter = Meter()
    for step, (inputs, labels) in enumerate(meter.each(batches)):
        inputs = inputs.to(device, non_blocking=True)
        labels = labels.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(net(inputs), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 50 == 0:
            meter.show(step, loss.item())
