"""Train loop called by main.py on the CPU."""


def train_one_epoch(model, criterion, data_loader, optimizer, device, epoch):
    model.train()
    for samples, targets in data_loader:
        samples = samples.to(device)  # ok: GPU104
        targets = targets.to(device)
        loss = criterion(model(samples), targets)
        print("loss", loss.item())  # ok: GPU201
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
