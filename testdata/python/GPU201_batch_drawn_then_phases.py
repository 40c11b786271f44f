# A two-phase loop (one optimizer per phase, each weighting the loss) that
# draws one batch per pass with `next(...)` and runs every phase on it: the
# outer loop is the step loop, and what it does between drawing and the next
# draw runs on every step. A phase loop that walks batches of its own, or an
# epoch loop that draws a preview batch beside its loop over the loader,
# leaves the outer loop an epoch loop.
import torch
from torch.utils.data import DataLoader


def train_phases(model, dataset, total):
    device = torch.device("cuda")
    model = model.to(device)
    phases = [(torch.optim.Adam(model.parameters(), lr=1e-3), 1.0),
              (torch.optim.Adam(model.parameters(), lr=1e-4), 0.5)]
    batches = iter(DataLoader(dataset, batch_size=32, num_workers=4, pin_memory=True))
    seen = 0
    while seen < total:
        x = next(batches)
        x = x.to(device).float() / 127.5 - 1  # expect: GPU104 "on every step of the training step loop at line 18"
        for opt, weight in phases:
            loss = (model(x) * weight).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(seen, loss.item())  # expect: GPU201 "every step of the training step loop at line 18"
        seen += x.shape[0]


def train_with_preview(model, loader, previews, optimizer, epochs):
    model = model.cuda()
    shown = iter(previews)
    for epoch in range(epochs):
        preview = next(shown)
        for x, y in loader:
            out = model(x.cuda(non_blocking=True))
            loss = torch.nn.functional.cross_entropy(out, y.cuda(non_blocking=True))
            loss = loss + 0.0 * model(preview.cuda(non_blocking=True)).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print(epoch, loss.item())  # ok: GPU201 (per epoch: the step loop is the one over the loader)


def train_rounds(model, loaders, optimizer, rounds):
    model = model.cuda()
    sources = iter(loaders)
    for r in range(rounds):
        loader = next(sources)
        for x in loader:
            loss = model(x.cuda(non_blocking=True)).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print(r, loss.item())  # ok: GPU201 (per round: each round walks a whole loader)
