"""The step reads the loss the objective returned: the message names the
call in this file that hands it over, and points at the table lookup inside
the objective as where the tensor is made on the GPU."""
import torch

from objectives import denoising_losses

device = torch.device("cuda")
net = torch.nn.Linear(16, 16).to(device)
opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
loader = torch.utils.data.DataLoader(torch.randn(4096, 16), batch_size=128, num_workers=4, pin_memory=True,
                                     persistent_workers=True)
running = 0.0
for epoch in range(10):
    for x in loader:
        x = x.to(device, non_blocking=True)
        t = torch.randint(0, 1000, (x.shape[0],), device=device)
        parts = denoising_losses(net, x, t)  # expect: GPU201 "reaches `torch.from_numpy(table)"
        loss = parts["loss"].mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        running += loss.item()  # expect: GPU201 "`loss` comes from `denoising_losses(net, x, t)` at line 18"
