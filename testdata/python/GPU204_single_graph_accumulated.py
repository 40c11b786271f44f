# Graphs of different sizes cannot share a batch tensor: the collate takes one
# graph, and the loop accumulates gradients over `accum_graphs` of them before
# each optimizer step. The optimizer sees a larger batch; the kernels do not,
# so the finding stays, as a note that names the accumulation.
import torch
from torch.utils.data import DataLoader


def one_graph(samples):
    adjacency, label = samples[0]
    return adjacency.unsqueeze(0), torch.tensor([label])


def train(model, optimizer, train_set, accum_graphs):
    loader = DataLoader(train_set, shuffle=True, collate_fn=one_graph, num_workers=4, pin_memory=True,  # expect: GPU204 "runs only every few passes"
                        persistent_workers=True)
    model.cuda().train()
    for epoch in range(50):
        optimizer.zero_grad()
        for it, (adjacency, label) in enumerate(loader):
            adjacency, label = adjacency.cuda(non_blocking=True), label.cuda(non_blocking=True)
            loss = torch.nn.functional.cross_entropy(model(adjacency), label)
            loss.backward()
            if not (it % accum_graphs):
                optimizer.step()
                optimizer.zero_grad()
