"""The step computes the loss through a helper of another module whose
target matching selects with a boolean mask: a sync per step at the call.
The weighted form keeps the shape fixed and reads nothing. A callable loss
object filtering under `if n:` (targets present) waits on most steps too."""
import torch
from torch.utils.data import DataLoader, TensorDataset

from loss import ComputeLoss, compute_loss, weighted_loss

device = torch.device("cuda")
net = torch.nn.Linear(16, 4).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
anchors = torch.tensor([[1.0, 1.0], [2.0, 2.0], [4.0, 4.0]], device=device)
data = TensorDataset(torch.randn(4096, 16), torch.rand(4096, 4) * 4)
loader = DataLoader(data, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
criterion = ComputeLoss(anchors)

for epoch in range(10):
    for x, targets in loader:
        x, targets = x.to(device, non_blocking=True), targets.to(device, non_blocking=True)
        pred = net(x)
        loss = compute_loss(pred, targets, anchors)  # expect: GPU201 "compute_loss() reaches `targets[:, None]"
        loss = loss + weighted_loss(pred, targets, anchors)  # ok: GPU201 (fixed shape)
        loss = loss + criterion(pred, targets)  # expect: GPU201 "__call__() reaches `t[close]`"
        opt.zero_grad()
        loss.backward()
        opt.step()
