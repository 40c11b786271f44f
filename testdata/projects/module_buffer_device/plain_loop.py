"""A plain loop: the average is moved to the GPU with the network (its
buffers are GPU tensors); the step counter is never moved (its buffer stays
on the host, and reading it costs no sync)."""
import torch

from averaging import ShadowAverage, StepCounter

device = torch.device("cuda")
net = torch.nn.Linear(32, 32).to(device)
average = ShadowAverage(net).to(device)
counter = StepCounter()
optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
loader = torch.utils.data.DataLoader(torch.randn(1024, 32), batch_size=64, num_workers=4, pin_memory=True,
                                     persistent_workers=True)

for epoch in range(5):
    for x in loader:
        x = x.to(device, non_blocking=True)
        loss = net(x).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        average(net)  # expect: GPU201 "forward() runs `self.updates >= 0`"
        counter()  # ok: GPU201 (the counter's buffer stays on the host)
