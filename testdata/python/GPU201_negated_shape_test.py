"""GPU201 fixture: `not (... len(p.shape) == 1)` negates a comparison, not an emptiness test: the
branch under it runs on every step (per-parameter grad norms skipping biases and norms)."""
import torch
from torch.utils.data import DataLoader


def grad_norms(model):
    norms = {}
    for name, p in model.named_parameters():
        if p.grad is not None and not (name.endswith(".bias") or len(p.shape) == 1):
            norms[name] = float(torch.norm(p.grad))  # expect: GPU201 "float(torch.norm(p.grad))"
    return norms


def train(model, dataset, optimizer, epochs=10):
    model = model.cuda()
    loader = DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(epochs):
        for images, labels in loader:
            if not len(images):
                print(f"empty batch: {labels.sum().item()}")  # ok: GPU201 (an empty-batch check)
                continue
            loss = torch.nn.functional.cross_entropy(model(images.cuda(non_blocking=True)), labels.cuda(non_blocking=True))
            optimizer.zero_grad()
            loss.backward()
            stats = grad_norms(model)
            optimizer.step()
