# Link prediction on a graph held on the GPU: the loaders hand out shuffled
# batches of edge indices from range(n). There is nothing to read or decode;
# a worker process would only add start-up time and IPC, and pinning a few
# bytes of indices saves nothing.
import torch
from torch.utils.data import DataLoader


def train_epoch(model, optimizer, feats, edges, batch_size):
    model.train()
    for perm in DataLoader(range(edges.size(0)), batch_size, shuffle=True):  # ok: GPU101, GPU103 (index batches: nothing to load or pin)
        optimizer.zero_grad()
        h = model(feats)
        pair = edges[perm.cuda(non_blocking=True)].t()
        loss = -torch.log(torch.sigmoid((h[pair[0]] * h[pair[1]]).sum(-1)) + 1e-9).mean()
        loss.backward()
        optimizer.step()


def train_on_files(model, optimizer, paths, load_pair, batch_size):
    # A collate that loads by index does the work a worker should: still reported.
    loader = DataLoader(range(len(paths)), batch_size, shuffle=True, collate_fn=lambda ids: load_pair(paths, ids))  # expect: GPU101 "main process", GPU103 "pageable host memory"
    for x, y in loader:
        x, y = x.cuda(), y.cuda()
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
