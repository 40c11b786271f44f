"""Train and evaluation loops, called by main.py with its device and loaders."""
import torch

from utils import accuracy, reduce_tensor


def train_one_epoch(model, criterion, data_loader, optimizer, device, epoch, print_freq=10):
    model.train()
    for step, (samples, targets) in enumerate(data_loader):
        samples = samples.to(device)  # ok: GPU104
        targets = targets.to(device)  # ok: GPU104
        outputs = model(samples)
        loss = criterion(outputs, targets)
        loss_value = loss.item()  # expect: GPU201 "loss.item()"
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % print_freq == 0:
            print(f"epoch {epoch} step {step} loss {loss_value:.4f}")  # ok: GPU206


@torch.no_grad()
def evaluate(model, data_loader, device):
    model.eval()
    for images, target in data_loader:
        images = images.to(device)  # expect: GPU104 "pin_memory=True"
        target = target.to(device, non_blocking=True)  # ok: GPU104
        output = model(images)
        acc1, acc5 = accuracy(output, target, topk=(1, 5))
        top1 = acc1.item()  # expect: GPU201
        loss = reduce_tensor(output.sum())
        print("loss", loss.item())  # expect: GPU201
