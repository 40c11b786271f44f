"""One epoch over the loader through the prefetcher (the loader's iteration starts in its constructor)."""
from prefetch import CudaPrefetcher


def train_one_epoch(model, criterion, optimizer, loader, device):
    model.train()
    prefetcher = CudaPrefetcher(loader, device)
    batch = prefetcher.next()
    while batch is not None:
        images, targets = batch
        loss = criterion(model(images), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        batch = prefetcher.next()
