"""`accelerator.clip_grad_norm_` returns the total norm of the parameters'
gradients, a tensor on their device: reading it each step syncs."""
import torch
from accelerate import Accelerator
from torch.utils.data import DataLoader


def train(model, dataset, log_every):
    accelerator = Accelerator()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    loader = DataLoader(dataset, batch_size=32, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for step, batch in enumerate(loader):
        loss = model(**batch).loss
        accelerator.backward(loss)
        grad_norm = accelerator.clip_grad_norm_(model.parameters(), 1.0)
        accelerator.clip_grad_norm_(model.parameters(), 1.0)  # ok: GPU201 (the norm is not read)
        optimizer.step()
        optimizer.zero_grad()
        norm_value = grad_norm.item()  # expect: GPU201 "`grad_norm.item()` copies the GPU tensor `grad_norm`"
        if step % log_every == 0:
            accelerator.print(f"step {step} norm {grad_norm.item():.3f}")  # ok: GPU201 (every N steps)
    return norm_value
