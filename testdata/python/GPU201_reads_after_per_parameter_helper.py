# A helper that reads the norm of each parameter's gradient (`if p.grad is
# not None: float(...)`) leaves the queue empty on every call: some parameter
# has a gradient after a backward pass. The reads right after its call find
# nothing queued; they are part of its finding. After a helper whose reads
# a flag may skip, the next read is a wait of its own.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda")


def gradient_norms(named):
    norms = {}
    for name, p in named:
        if p.grad is not None:
            norms[name] = float(p.grad.norm())  # expect: GPU201 "float(p.grad.norm())"
    return norms


def maybe_norms(named, enabled):
    norms = {}
    for name, p in named:
        if enabled:
            norms[name] = float(p.grad.norm())  # expect: GPU201 "float(p.grad.norm())"
    return norms


def train(encoder, head, loader, opt, verbose):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = nn.functional.mse_loss(head(encoder(x)), y)
        loss.backward()
        total = nn.utils.clip_grad_norm_(encoder.parameters(), 1.0)
        opt.step()
        stats = gradient_norms(encoder.named_parameters())
        clipped = float(total)  # ok: GPU201 (the helper's reads emptied the queue: one finding)
        more = gradient_norms(head.named_parameters())  # ok: GPU201 (part of the same finding)
        opt.zero_grad(set_to_none=True)
        print(stats, clipped, more)


def train_flagged(encoder, loader, opt, verbose):
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        loss = nn.functional.mse_loss(encoder(x).sum(1, keepdim=True), y)
        loss.backward()
        total = nn.utils.clip_grad_norm_(encoder.parameters(), 1.0)
        opt.step()
        extra = maybe_norms(encoder.named_parameters(), verbose)
        clipped = float(total)  # expect: GPU201 "float(total)"
        opt.zero_grad(set_to_none=True)
        print(extra, clipped)


if __name__ == "__main__":
    enc, out = nn.Linear(8, 8).to(device), nn.Linear(8, 1).to(device)
    data = DataLoader(TensorDataset(torch.randn(64, 8), torch.randn(64, 1)), batch_size=16, num_workers=2,
                      pin_memory=True, persistent_workers=True)
    train(enc, out, data, torch.optim.AdamW(list(enc.parameters()) + list(out.parameters())), verbose=True)
    train_flagged(enc, data, torch.optim.AdamW(enc.parameters()), verbose=True)
