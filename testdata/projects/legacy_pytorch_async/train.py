"""GPU104: PyTorch before 0.4 spelled non_blocking `async`. Scripts of that
era (`targets.cuda(async=True)`) already copy asynchronously: no finding, and
no fix that would add a second flag (tests/unit/fix_loop_test.cpp checks the
fixed text). `async=False` is the blocking copy. Python 3.7 made `async` a
keyword, so CPython no longer compiles this file; it lives among the project
fixtures, which tests/scripts/py_compile.sh does not compile."""
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

model = torch.nn.Linear(784, 10).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train_set = datasets.MNIST("data", train=True, download=True, transform=transforms.ToTensor())
loader = DataLoader(train_set, batch_size=128, shuffle=True, num_workers=4, pin_memory=True, persistent_workers=True)

for epoch in range(10):
    for images, targets in loader:
        images = images.view(images.size(0), -1).cuda(async=True)  # ok: GPU104 (async=True is the old non_blocking=True)
        targets = targets.cuda(async=False)  # expect: GPU104
        loss = F.cross_entropy(model(images), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
