"""A plain loop that prints through the framework's object: one finding, not
one from the log rule and another from the helper's body."""
import torch
import torch.nn.functional as F

from accelerate import Accelerator

accelerator = Accelerator()
model = torch.nn.Linear(8, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for step, (x, y) in enumerate(loader):
    loss = F.mse_loss(model(x.cuda()), y.cuda())
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    accelerator.print(f"step {step}")  # expect: GPU206 "logs on every step"
