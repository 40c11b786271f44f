"""Contrastive labels built on the host from a comprehension of factory
calls (`torch.cat([torch.arange(n) for _ in range(views)])`) and copied to the
GPU in the loss every step: a blocking copy after the step's forward was
queued. Made with `device=` on the factory, or from GPU tensors, there is no copy."""
import torch
import torch.nn as nn
import torch.nn.functional as F

device = torch.device("cuda")
encoder = nn.Linear(32, 16).to(device)
optimizer = torch.optim.AdamW(encoder.parameters(), lr=3e-4)
views = 2


def view_pair_loss(z, per_view):
    ids = torch.cat([torch.arange(per_view) for _ in range(views)], dim=0)
    same = (ids.unsqueeze(0) == ids.unsqueeze(1)).float()
    same = same.to(device)  # expect: GPU201 "makes a tensor on the host with `torch.arange(per_view)`"
    on_gpu = torch.stack([torch.arange(per_view, device=z.device) for _ in range(views)])
    ranks = on_gpu.to(device)  # ok: GPU201 (each element is made on the GPU)
    picked = torch.cat([z[k::views] for k in range(views)]).to(device)  # ok: GPU201 (slices of a GPU tensor)
    logits = z @ z.T
    return F.mse_loss(logits, same) + ranks.float().mean() * 0 + picked.mean() * 0


for epoch in range(10):
    for step in range(500):
        x = torch.randn(64, 32, device=device)
        z = encoder(torch.cat([x, x + 0.1 * torch.randn_like(x)]))
        loss = view_pair_loss(z, x.shape[0])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
