# Subgraph batches carry boolean split masks (train_mask, val_mask) moved to
# the GPU with the batch: selecting rows with one is a nonzero() under the
# hood, whose result size the host must read back on every step.
import torch
import torch.nn.functional as F


def train(model, loader, optimizer):
    device = torch.device("cuda")
    model.to(device).train()
    for data in loader:
        data = data.to(device)
        optimizer.zero_grad()
        out = model(data.x, data.edge_index)[data.train_mask]  # expect: GPU201 "size depends on values on the GPU"
        y = data.y.squeeze(1)[data.train_mask]  # ok: GPU201 (the same mask as the line above: one finding)
        loss = F.cross_entropy(out, y)
        loss.backward()
        optimizer.step()


def smooth(model, loader, scale):
    device = torch.device("cuda")
    for data in loader:
        data = data.to(device)
        weighted = model(data.x, data.edge_index) * data.node_mask  # ok: GPU201 (multiplied by the mask, not indexed)
        scale(weighted)
