"""Step functions built by factories and called in the loops (the shape of
NVIDIA's image-classification trainers): each loop is still a batch loop,
and the closure's work reaches the call."""
import torch


def get_train_step(model, criterion, optimizer):
    def _step(inputs, target, optimizer_step=True):
        loss = criterion(model(inputs), target)
        loss.backward()
        if optimizer_step:
            optimizer.step()
            optimizer.zero_grad()
        torch.cuda.synchronize()  # expect: GPU201 "Line 37 reads a GPU value right after it"
        return loss

    return _step


def get_val_step(model, criterion):
    def _step(inputs, target):
        with torch.no_grad():
            output = model(inputs)
            loss = criterion(output, target)
        return loss, output

    return _step


def train(model, criterion, optimizer, loader, device):
    model.train()
    step = get_train_step(model, criterion, optimizer)
    for i, (inputs, target) in enumerate(loader):
        inputs = inputs.to(device, non_blocking=True)
        target = target.to(device, non_blocking=True)
        loss = step(inputs, target, optimizer_step=(i + 1) % 2 == 0)
        print("loss", loss.item())  # ok: GPU201 (read right after the synchronize that ends _step(): part of its finding)
        if i % 100 == 0:
            print("at", i, loss.item())  # ok: GPU201


def validate(model, criterion, loader, device):
    model.eval()
    step = get_val_step(model, criterion)
    total = 0.0
    for inputs, target in loader:
        loss, output = step(inputs.to(device, non_blocking=True), target.to(device, non_blocking=True))
        total += loss
    return total / len(loader)


def main(train_loader, val_loader, epochs=90):
    device = torch.device("cuda")
    model = torch.nn.Linear(32, 10).to(device)
    criterion = torch.nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        train(model, criterion, optimizer, train_loader, device)
        validate(model, criterion, val_loader, device)
    summary = get_val_step(model, criterion)  # ok: GPU201
    return summary
