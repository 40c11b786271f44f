"""The model's forward reads a sampled index back per sample: the sync is at
the call, whichever checkpoint the factory loaded."""
import torch

from models import frozen_teacher, hard_negative_model


def train(model, loader, optimizer, device):
    for x in loader:
        loss = model(x.to(device, non_blocking=True))  # expect: GPU201 "makes the host wait for the GPU on every step"
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def score(teacher, loader, device):
    total = torch.zeros((), device=device)
    with torch.no_grad():
        for x in loader:
            total += teacher(x.to(device, non_blocking=True))  # expect: GPU201 "every batch of the evaluation loop"
    return total


def main(args):
    device = torch.device("cuda")
    model = hard_negative_model(pretrained=args.pretrained, dim=32)
    model = model.to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    loader = torch.utils.data.DataLoader(torch.randn(256, 32), batch_size=16, num_workers=4, pin_memory=True,
                                         persistent_workers=True)
    for epoch in range(10):
        train(model, loader, optimizer, device)
    print(score(frozen_teacher().to(device), loader, device))
