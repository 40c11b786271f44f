"""Clustering a memory bank of features once per epoch: the k-means loop
repeats one computation (its counter only ends the last pass early), so its
host copies are per k-means iteration, not per batch. The evaluation loop
over the loader that fills the bank does read every batch back."""
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader


def split_by_cluster(assign):
    return [np.where(assign == k)[0] for k in range(int(assign.max()) + 1)]


def cluster_bank(bank, k, n_iters=10):
    with torch.no_grad():
        centroids = bank[torch.randperm(len(bank), device=bank.device)[:k]]
        for n_iter in range(n_iters + 1):
            _, assign = torch.mm(bank, centroids.t()).max(dim=1)
            if n_iter == n_iters:
                break
            members = split_by_cluster(assign.cpu().numpy())  # ok: GPU201 (a k-means iteration, not a batch)
            sums = torch.zeros(k, bank.size(1), device=bank.device)
            for c in range(len(members)):
                if len(members[c]) > 0:
                    sums[c] = bank[torch.from_numpy(members[c]).to(bank.device)].sum(0)
            centroids = nn.functional.normalize(sums, dim=1)
    return assign


def fill_bank(model, loader, device):
    feats, labels = [], []
    with torch.no_grad():
        for step, (x, y) in enumerate(loader):
            f = model(x.to(device, non_blocking=True))
            feats.append(f)
            labels.append(f.argmax(1).cpu())  # expect: GPU201 "f.argmax(1).cpu()"
            if step == len(loader) - 1:
                break
    return torch.cat(feats), torch.cat(labels)


def main():
    device = torch.device("cuda")
    model = nn.Linear(32, 16).to(device)
    loader = DataLoader(torch.randn(4096, 32), batch_size=256, num_workers=4, pin_memory=True)
    for epoch in range(100):
        bank, _ = fill_bank(model, loader, device)
        cluster_bank(bank, 64)


if __name__ == "__main__":
    main()
