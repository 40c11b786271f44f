"""GPU202 fixture: loops under no_grad inside a training step that are part of the step, not an evaluation pass.

A teacher put in eval mode before the epoch does not make the student's
step an evaluation: its no_grad feature caching walks dict keys (a tuple of
string constants, the outputs' items) inside the step. A real pass over the
validation loader inside the step still fires.
"""
import torch
from torch.utils.data import DataLoader

from heads import shift_outputs


def train_one_epoch(model, teacher, loader, val_loader, optimizer, device, accum_freq):
    model.train()
    teacher.eval()
    cached = {}
    for images, texts in loader:
        images = images.to(device, non_blocking=True)
        texts = texts.to(device, non_blocking=True)
        with torch.no_grad():
            model_out = shift_outputs(model(images, texts), texts)
            for key in ("logit_scale", "logit_bias"):  # ok: drops two keys of the output dict
                model_out.pop(key, None)
            for key, value in model_out.items():  # ok: caches the step's features
                cached.setdefault(key, []).append(value)
        loss = model(images, texts)["loss"]
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        with torch.no_grad():
            for val_images, _ in val_loader:  # expect: GPU202 "An evaluation pass (the loop over `val_loader`"
                model(val_images.to(device, non_blocking=True), None)


def main():
    device = torch.device("cuda")
    model = torch.nn.Linear(8, 8).to(device)
    teacher = torch.nn.Linear(8, 8).to(device)
    optimizer = torch.optim.AdamW(model.parameters())
    loader = DataLoader(range(64), batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    val_loader = DataLoader(range(64), batch_size=32, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(10):
        train_one_epoch(model, teacher, loader, val_loader, optimizer, device, accum_freq=2)


if __name__ == "__main__":
    main()
