# accelerate's prepare() returns the loaders it is given, wrapped, in the
# same order: `train_loader` after `..., train_loader, ... =
# accelerator.prepare(..., train_loader, ...)` is still the loader built
# above it, with its workers and its pinning.
import torch
from accelerate import Accelerator
from torch.utils.data import DataLoader

NUM_EPOCHS = 3

def training(model, train_set, eval_set):
    accelerator = Accelerator(mixed_precision="fp16")
    train_loader = DataLoader(train_set, shuffle=True, batch_size=64, num_workers=4)  # expect: GPU105 "each of the 3 epochs" GPU103 "pin_memory is omitted"
    eval_loader = DataLoader(eval_set, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    model, optimizer, train_loader, eval_loader = accelerator.prepare(model, optimizer, train_loader, eval_loader)
    for epoch in range(NUM_EPOCHS):
        model.train()
        for images, labels in train_loader:
            loss = torch.nn.functional.cross_entropy(model(images), labels)
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        model.eval()
        with torch.no_grad():
            for images, labels in eval_loader:
                preds = model(images).argmax(-1)


class Staging:
    def prepare(self, *objects):
        return list(reversed(objects))


def not_accelerate(model, train_set):
    staging = Staging()
    first = DataLoader(train_set, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    second = DataLoader(train_set, batch_size=64, num_workers=4, pin_memory=True)
    # Another object's prepare() may return anything: the loaders after it are unknown.
    loader, other = staging.prepare(first, second)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for epoch in range(NUM_EPOCHS):
        for images, labels in loader:
            loss = torch.nn.functional.cross_entropy(model(images.cuda()), labels.cuda())
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
