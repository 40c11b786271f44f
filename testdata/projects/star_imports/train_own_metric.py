"""The same star import, but this script defines its own top_k_accuracy (it
counts on the GPU) and takes the logger as a parameter: the names it binds
itself are what its calls run."""
import torch

from metrics import *
from tools import *


def top_k_accuracy(scores, targets, k):
    return scores.topk(k, 1).indices.eq(targets[:, None]).any(1).sum()


def train(model, loader, optimizer, device, log_loss):
    for step, (x, y) in enumerate(loader):
        x = x.to(device, non_blocking=True)
        y = y.to(device, non_blocking=True)
        scores = model(x)
        loss = torch.nn.functional.cross_entropy(scores, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        hits = top_k_accuracy(scores, y, 5)  # ok: this file's own definition, which stays on the GPU
        log_loss(step, loss)  # ok: the parameter, not tools.meters.log_loss


if __name__ == "__main__":
    net = torch.nn.Linear(32, 10).cuda()
    train(net, [], torch.optim.SGD(net.parameters(), lr=0.1), torch.device("cuda"), print)
