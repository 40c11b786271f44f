"""The same helper loads this model's weights too: what it hands back here is
the plain model, whose forward never reads the GPU."""
import torch

from models import frozen_plain_model, plain_model


def train(model, loader, optimizer, device):
    for x in loader:
        loss = model(x.to(device, non_blocking=True))  # ok: GPU201 (the plain model's forward stays on the GPU)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def probe(model, loader, device):
    total = torch.zeros((), device=device)
    with torch.no_grad():
        for x in loader:
            total += model(x.to(device, non_blocking=True))  # ok: GPU201 (the frozen copy is the plain model)
    return total.item()


def main(args):
    device = torch.device("cuda")
    model = plain_model(pretrained=args.pretrained).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = torch.utils.data.DataLoader(torch.randn(256, 32), batch_size=16, num_workers=4, pin_memory=True,
                                         persistent_workers=True)
    for epoch in range(10):
        train(model, loader, optimizer, device)
    probe(frozen_plain_model().to(device), loader, device)
