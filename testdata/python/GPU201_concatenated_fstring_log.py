# An implicitly concatenated f-string is one record: a GPU tensor formatted in
# any of its literals is read back to the host on every step.
import torch


def train(model, loader, optimizer, epoch):
    model.cuda().train()
    for i, (x, y) in enumerate(loader):
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(f"epoch {epoch:02d} step {i:04d}, "  # expect: GPU201 "formats the GPU tensor `loss`"
              f"loss {loss:.4f}")
        print(f"epoch {epoch:02d} " f"step {i:04d}")  # expect: GPU206 "logs on every step"
