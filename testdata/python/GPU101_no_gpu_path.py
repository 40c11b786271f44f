"""GPU101: a script with no GPU path at all (no CUDA, no accelerator
framework, no device argument that may name a GPU) trains on the CPU, so a
loader that a loop of the script iterates keeps no GPU waiting. A loader this
file only builds (a factory, a module-level loader no loop here reads) may
feed another module's GPU loop or a job's, and keeps the finding."""
import torch
import torch.nn as nn
import torchvision
import torchvision.transforms as transforms

train_dataset = torchvision.datasets.MNIST(root="data", train=True, transform=transforms.ToTensor(), download=True)
test_dataset = torchvision.datasets.MNIST(root="data", train=False, transform=transforms.ToTensor())

train_loader = torch.utils.data.DataLoader(dataset=train_dataset, batch_size=100, shuffle=True)  # ok: GPU101 (a CPU-only script's own loader)

model = nn.Linear(784, 10)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.001)

for epoch in range(5):
    for images, labels in train_loader:
        loss = criterion(model(images.reshape(-1, 784)), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def accuracy(dataset):
    loader = torch.utils.data.DataLoader(dataset=dataset, batch_size=100)  # ok: GPU101 (built and iterated here, on the CPU)
    correct = 0
    with torch.no_grad():
        for images, labels in loader:
            correct += (model(images.reshape(-1, 784)).argmax(1) == labels).sum().item()
    return correct / len(dataset)


def make_loader(dataset, batch_size):
    return torch.utils.data.DataLoader(dataset=dataset, batch_size=batch_size, shuffle=True)  # expect: GPU101 (a factory: its caller may train on a GPU)


held_out = torch.utils.data.DataLoader(dataset=test_dataset, batch_size=100)  # expect: GPU101 (built, never iterated here)

print(accuracy(test_dataset))
