import torch
import torch.nn as nn
import torch.nn.functional as F

import grad_tools

device = torch.device("cuda")
model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 4)).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)


def train(loader, epochs):
    for epoch in range(epochs):
        for step, (x, y) in enumerate(loader):
            loss = F.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            grad_tools.clip_each_parameter(model, 3.0)  # expect: GPU201 "`grad_norm.item()`"
            grad_tools.scale_gradients(model, 0.5)  # ok: GPU201 (the gradients stay on the GPU)
            optimizer.step()
            for name, buffer in model.named_buffers():
                print(name, buffer.shape)  # expect: GPU206 "every step" (a name and a shape: no copy of the tensor)


@torch.no_grad()
def weight_norms():
    for name, param in model.named_parameters():
        print(name, param.norm().item())  # ok: GPU201 (once, after training: no batch loop)
