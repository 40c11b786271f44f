# Tensor methods keep their receiver's device: a count read through
# masked_select, where or logical_and of the model's output is a GPU value
# read on every step.
import torch
import torch.nn.functional as F


def token_accuracy(logits, target, pad):
    keep = target.ne(pad)
    return logits.argmax(-1).eq(target).masked_select(keep).float().mean()


def fit(net, loader, opt, device, pad):
    for ids, target in loader:
        ids, target = ids.to(device, non_blocking=True), target.to(device, non_blocking=True)
        logits = net(ids)
        loss = F.cross_entropy(logits.flatten(0, 1), target.flatten(), ignore_index=pad)
        opt.zero_grad()
        loss.backward()
        opt.step()
        hits = logits.argmax(-1).eq(target).logical_and(target.ne(pad)).sum().item()  # expect: GPU201 "to the host"
        print(hits, token_accuracy(logits, target, pad))  # expect: GPU201 "`print` receives a GPU tensor"


def main(loader):
    device = torch.device("cuda")
    net = torch.nn.Sequential(torch.nn.Embedding(1000, 64), torch.nn.Linear(64, 1000)).to(device)
    fit(net, loader, torch.optim.AdamW(net.parameters()), device, pad=0)
