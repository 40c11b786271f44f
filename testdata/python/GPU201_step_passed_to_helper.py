# The step is a nested function handed to a helper of the same file that
# calls it: the loop that hands it over is the step loop. A helper that only
# stores the function runs nothing in the loop.
import torch

PENDING = []


def with_retry(work, tries=3):
    for _ in range(tries):
        try:
            return work()
        except RuntimeError:
            torch.cuda.empty_cache()
    raise RuntimeError("out of retries")


def later(fn):
    PENDING.append(fn)


def fit(model, loader, optimizer, loss_fn):
    model = model.cuda()
    for images, labels in loader:
        images, labels = images.cuda(non_blocking=True), labels.cuda(non_blocking=True)

        def attempt():
            optimizer.zero_grad()
            loss = loss_fn(model(images), labels)
            loss.backward()
            optimizer.step()
            return loss.item()  # expect: GPU201 "through with_retry() called at line 34"

        value = with_retry(attempt)
        print(value)  # expect: GPU206


def summarise(model, loader):
    model = model.cuda()
    for images, _ in loader:

        def describe():
            print(images.shape)  # ok: GPU206 (stored, not run here)

        later(describe)
