"""Python's own max()/min() of a GPU tensor and a number: it compares them and
takes the truth value of the result, which reads the tensor to the host."""
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


def train(model, dataset, lr, steps_per_log):
    device = torch.device("cuda")
    model = model.to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    for step, (tokens, labels) in enumerate(loader):
        tokens = tokens.to(device, non_blocking=True)
        labels = labels.to(device, non_blocking=True)
        keep = labels != -100
        per_token = F.cross_entropy(model(tokens).flatten(0, 1), labels.clamp(min=0).flatten(), reduction="none")
        kept = keep.sum()
        loss = (per_token * keep.flatten()).sum() / max(kept, 1)  # expect: GPU201 "`max(kept, 1)` compares the GPU tensor `kept`"
        rows = max(tokens.size(0), 1)  # ok: GPU201 (sizes are host ints)
        floor_lr = max(lr * 0.01, 1e-6)  # ok: GPU201 (host floats)
        opt.zero_grad()
        (loss * rows).backward()
        opt.step()
        for group in opt.param_groups:
            group["lr"] = floor_lr
        if step % steps_per_log == 0:
            print("tokens kept", max(kept, 1))  # ok: GPU201 (every N steps)


def train_capped(model, loader, opt):
    for images, targets in loader:
        loss = F.mse_loss(model(images.cuda(non_blocking=True)), targets.cuda(non_blocking=True))
        capped = min(loss, 10.0)  # expect: GPU201 "bound it on the GPU: `torch.clamp(loss, max=10.0)`"
        opt.zero_grad()
        capped.backward()
        opt.step()
