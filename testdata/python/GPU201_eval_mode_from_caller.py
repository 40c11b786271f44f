"""GPU201 fixture: a loop over batches whose model its caller put in eval mode.

`visualize()` calls `model.eval()` and hands the model to a helper whose
name says nothing of evaluation and which has no no_grad: the helper's loop
runs the model in eval mode on every batch, an evaluation loop, and its
copies to the host are per batch. A helper its callers run in train mode
(and which trains nothing) is no evaluation loop.
"""
import torch
from torch.utils.data import DataLoader


def run_visualization(loader, model, draw):  # expect: GPU205 "runs the model forward"
    for inputs, labels in loader:
        inputs = [x.cuda(non_blocking=True) for x in inputs]
        preds = model(inputs)
        if isinstance(inputs[0], list):
            for i in range(len(inputs)):
                for j in range(len(inputs[0])):
                    inputs[i][j] = inputs[i][j].cpu()  # expect: GPU201 "on every batch of the evaluation loop at line 14"
        draw(inputs, preds.cpu())  # expect: GPU201 "`preds.cpu()`"


def visualize(model, loader, draw):
    model.eval()
    run_visualization(loader, model, draw)


def show_batches(loader, model):
    for inputs, _ in loader:
        out = model(inputs.cuda(non_blocking=True))
        print(out.sum().item())  # ok: GPU201 (called in train mode; no evaluation loop, no step)


def inspect(model, loader):
    model.train()
    show_batches(loader, model)


if __name__ == "__main__":
    net = torch.nn.Linear(4, 4).cuda()
    data = DataLoader(range(8), batch_size=4, num_workers=2, pin_memory=True)
    visualize(net, data, print)
    inspect(net, data)
