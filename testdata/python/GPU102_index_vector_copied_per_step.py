# Manual batching over features that already live on the GPU: each step
# copies only a vector of indices and gathers the batch on the GPU, which a
# loader would not improve. Slicing the rows themselves on the host and
# copying them is the per-step host batch GPU102 is about.
import numpy as np
import torch
import torch.nn.functional as F


def fit_resident(head, feats, targets, opt, epochs=10, bs=128):
    feats = torch.as_tensor(feats, dtype=torch.float32).cuda()
    targets = torch.as_tensor(targets).cuda()
    for _ in range(epochs):
        perm = np.random.permutation(len(feats))
        for lo in range(0, len(feats), bs):
            idx = torch.from_numpy(perm[lo:lo + bs]).cuda()  # ok: GPU102 (an index vector)
            loss = F.cross_entropy(head(feats[idx]), targets[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()


def fit_host(head, feats, targets, opt, epochs=10, bs=128):
    feats = np.asarray(feats, dtype=np.float32)
    for _ in range(epochs):
        perm = np.random.permutation(len(feats))
        for lo in range(0, len(feats), bs):
            rows = torch.from_numpy(feats[perm[lo:lo + bs]]).cuda()  # expect: GPU102 "slices a batch out of a host array"
            loss = F.cross_entropy(head(rows), torch.as_tensor(targets[perm[lo:lo + bs]]).cuda())
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    head = torch.nn.Linear(64, 5).cuda()
    opt = torch.optim.SGD(head.parameters(), lr=0.1)
    x, y = np.random.randn(10000, 64), np.random.randint(0, 5, 10000)
    fit_resident(head, x, y, opt)
    fit_host(head, x, y, opt)
