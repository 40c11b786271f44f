# A sampler hands out adjacency objects whose own to() moves their tensor
# fields and keeps the rest as they are (a size tuple of Python ints): which
# element of the unpacked result is a GPU tensor is unknown, so a slice bound
# taken from it fires nothing. A bound read from a real GPU tensor still does.
import torch
from graph_sampling import NeighborSampler


@torch.no_grad()
def embed_all(model, x_all, edge_index):
    device = torch.device("cuda")
    loader = NeighborSampler(edge_index, sizes=[-1], batch_size=4096, num_workers=4)
    outputs = []
    for batch_size, n_id, adj in loader:
        edge, _, size = adj.to(device)
        x = x_all[n_id].to(device)
        target = x[: size[1]]  # ok: GPU201 (size comes back from the object's to(): not known to be a tensor)
        counts = torch.bincount(edge[0]).to(device)
        head = x[: counts[0]]  # expect: GPU201 "slice bound"
        outputs.append(model(target, head, edge).cpu())  # expect: GPU201
    return torch.cat(outputs)
