"""`torch.full(size, value)` takes its fill value as a Python number: an
element of a GPU schedule given there (`keep[t]`) is copied to the host,
once per sampling step. A number kept on the host, or the 0-d tensor
broadcast instead, reads nothing; so does a value the code has just checked
is a Python float (`if isinstance(t, float): t = torch.full(..., t)`)."""
import torch
from torch import nn

device = torch.device("cuda")
net = nn.Conv2d(4, 4, 3, padding=1).to(device).eval()
keep = torch.linspace(0.99, 0.01, 50, device=device)
host_keep = [0.99 - 0.02 * t for t in range(50)]


prompts = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(256, 4, 32, 32)), batch_size=16,
                                      num_workers=2, pin_memory=True)

with torch.no_grad():
    for (x,) in prompts:
        x = x.to(device, non_blocking=True)
        eps = net(x)
        levels = keep[3]
        if isinstance(levels, float):
            levels = torch.full((x.shape[0],), levels, device=device)  # ok: GPU201 (a Python float in this branch)
        k = torch.full((x.shape[0], 1, 1, 1), keep[3], device=device)  # expect: GPU201 "takes its fill value as a Python number"
        s = x.new_full((x.shape[0], 1, 1, 1), host_keep[3])  # ok: GPU201 (a host number)
        b = keep[3].view(1, 1, 1, 1)  # ok: GPU201 (broadcast on the GPU)
        x = (x - (1 - k) * eps) / k.sqrt() + s * b * levels.view(-1, 1, 1, 1) * torch.randn_like(x)
