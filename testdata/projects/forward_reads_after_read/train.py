"""The forward pass right after the batch parser's read queues the encoder's
first layer before its own read: that read waits for new work and is a
finding of its own, not part of the parser's. A log read right after the
parser's, with nothing queued between, is part of the parser's finding."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from model import Tagger

device = torch.device("cuda")
net = Tagger().to(device)
opt = torch.optim.Adam(net.parameters())
data = TensorDataset(torch.randn(4096, 16), torch.randint(1, 9, (4096,)))
loader = DataLoader(data, batch_size=128, num_workers=4, pin_memory=True, persistent_workers=True)

for epoch in range(20):
    for batch in loader:
        x, lengths = net.parse_batch(batch, device)  # expect: GPU201 "Line 19 reads a GPU value right after it"
        print(f"longest {lengths.max():.0f}")  # ok: GPU201 (part of the parser's finding)
        out = net(x, lengths)  # expect: GPU201 "forward() reaches `lengths.max().item()`"
        loss = out.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
