"""The evaluation helper tests a setting the model keeps (`net.n_classes`):
its constructor stored the command-line option, whose default makes the
test false, so the assert behind it never runs. The assert on the other
branch runs on every batch."""
import torch


@torch.inference_mode()
def evaluate(net, loader, device):
    net.eval()
    score = 0
    for x, y in loader:
        x = x.to(device, non_blocking=True)
        y = y.to(device, non_blocking=True)
        pred = net(x)
        if net.n_classes == 1:
            assert y.max() <= 1, "binary masks expected"  # ok: GPU201 (n_classes is 2 by default)
            score += (pred.sigmoid().round() == y).float().mean()
        else:
            assert y.min() >= 0, "labels must be non-negative"  # expect: GPU201 "truth value"
            score += (pred.argmax(1) == y).float().mean()
    net.train()
    return score / len(loader)
