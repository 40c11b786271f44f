import torch

from feeds import make_loaders


def run(cfg, model, optimizer):
    loader = make_loaders(cfg, streaming=True)
    model = model.cuda()
    for epoch in range(60):
        for x, y in loader:
            out = model(x.cuda(non_blocking=True))
            loss = torch.nn.functional.cross_entropy(out, y.cuda(non_blocking=True))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
