"""Per-item lines in the validation loop of a training script are telemetry of
the training run, on every batch: GPU206 (the exemption for an inference
tool's per-item output needs a script that never trains)."""
import torch
import torch.nn.functional as F


def run(model, train_loader, val_loader, optimizer, epochs):
    model.cuda()
    for epoch in range(epochs):
        model.train()
        for x, y in train_loader:
            loss = F.mse_loss(model(x.cuda()), y.cuda())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            for name, x in val_loader:
                model(x.cuda())
                print(f"{name}: checked")  # expect: GPU206 "logs on every batch"
