"""Runnable fixture: a small classifier trained for a few epochs and evaluated
after each. Its training loop reads the loss back to the host on every step
(GPU201), its evaluation keeps autograd on (GPU205), its worker-backed loaders
start new worker processes every epoch (GPU105) and it copies pinned batches
synchronously (GPU104). Prints the final training loss and accuracy."""
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = "cuda" if torch.cuda.is_available() else "cpu"


def make_data(samples, seed):
    generator = torch.Generator().manual_seed(seed)
    x = torch.randn(samples, 20, generator=generator)
    labels = (x[:, :4].sum(dim=1) > 0).long() + (x[:, 4] > 1).long()
    return TensorDataset(x, labels)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(20, 64)
        self.out = nn.Linear(64, 3)

    def forward(self, x):
        return self.out(F.relu(self.hidden(x)))


@torch.no_grad()
def evaluate(model, loader):  # expect: GPU205
    model.eval()
    correct = 0
    for x, y in loader:
        logits = model(x.to(device, non_blocking=True))
        correct += (logits.argmax(dim=1).cpu() == y).sum()  # expect: GPU201 (no fix: collect on the GPU instead)
    return correct.item() / len(loader.dataset)  # ok: GPU201 (after the loop)


def main():
    torch.manual_seed(0)
    train_loader = DataLoader(make_data(384, 1), batch_size=32, shuffle=True, num_workers=2, pin_memory=True)  # expect: GPU105
    val_loader = DataLoader(make_data(128, 2), batch_size=64, num_workers=2, pin_memory=True)  # expect: GPU105
    model = Classifier().to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(3):
        model.train()
        running = 0.0
        for x, y in train_loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)  # expect: GPU104, GPU104
            optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            running += loss.item()  # expect: GPU201
        accuracy = evaluate(model, val_loader)
    print(f"final loss {running / len(train_loader):.6f} accuracy {accuracy:.4f}")


if __name__ == "__main__":
    main()
