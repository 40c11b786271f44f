"""A validation pass written inline after the training loop, with neither
no_grad nor eval mode: a loop over a loader named for validation or
testing that does not train is an evaluation loop all the same."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = "cuda"
head = nn.Linear(64, 10).to(device)
opt = torch.optim.Adam(head.parameters(), lr=3e-4)
criterion = nn.CrossEntropyLoss()
train_set = TensorDataset(torch.randn(2048, 64), torch.randint(0, 10, (2048,)))
val_set = TensorDataset(torch.randn(512, 64), torch.randint(0, 10, (512,)))
train_loader = DataLoader(train_set, batch_size=256, num_workers=4, pin_memory=True, persistent_workers=True)
val_loader = DataLoader(val_set, batch_size=512, num_workers=4, pin_memory=True, persistent_workers=True)
test_loader = DataLoader(val_set, batch_size=512, num_workers=4, pin_memory=True, persistent_workers=True)

for epoch in range(50):
    for xb, yb in train_loader:
        xb, yb = xb.to(device, non_blocking=True), yb.to(device, non_blocking=True)
        loss = criterion(head(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    correct = torch.zeros((), device=device)
    for xb, yb in val_loader:  # expect: GPU205 "runs the model forward"
        xb, yb = xb.to(device, non_blocking=True), yb.to(device, non_blocking=True)
        correct += (head(xb).argmax(1) == yb).sum()
    for xb, yb in test_loader:  # ok: it trains on the test set (a transductive step), so it is no evaluation pass
        xb, yb = xb.to(device, non_blocking=True), yb.to(device, non_blocking=True)
        loss = criterion(head(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"epoch {epoch} accuracy {correct.item() / len(val_set):.3f}")
