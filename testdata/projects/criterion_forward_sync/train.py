"""The step loop computes its loss with a criterion that syncs inside its
forward: a periodic guard cannot skip a loss, so the advice is to keep the
count on the GPU; the metric's sync can wait for a guard; the evaluation
loop collects its values for after the loop."""
import torch
from torch.utils.data import DataLoader

from criteria import build_criteria

device = torch.device("cuda")
detector = torch.nn.Linear(8, 4).to(device)
optimizer = torch.optim.AdamW(detector.parameters(), lr=1e-4)
criterion, match_rate = build_criteria()
train_loader = DataLoader(list(range(64)), batch_size=8, num_workers=4, pin_memory=True, persistent_workers=True)
val_loader = DataLoader(list(range(16)), batch_size=8, num_workers=4, pin_memory=True, persistent_workers=True)

for epoch in range(20):
    detector.train()
    for images, targets in train_loader:
        images = images.to(device, non_blocking=True)
        predictions = {"boxes": detector(images)}
        loss_parts = criterion(predictions, targets)  # expect: GPU201 "so no periodic guard can skip it"
        loss = sum(loss_parts.values())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        match_rate(predictions, targets)  # expect: GPU201 "call it under a periodic guard"
    detector.eval()
    with torch.no_grad():
        for images, targets in val_loader:
            images = images.to(device, non_blocking=True)
            predictions = {"boxes": detector(images)}
            val_parts = criterion(predictions, targets)  # expect: GPU201 "copy the results to the host once after the loop"
