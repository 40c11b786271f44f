"""accelerate's `wait_for_everyone()` (and Fabric's `barrier()`) is
torch.distributed.barrier when the script is launched on several processes:
on every step it makes the host wait for the GPU's queue and for every rank.
Once every N steps, before a save, it is what the save needs."""
import torch
from accelerate import Accelerator
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

accelerator = Accelerator()
net = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.SiLU(), nn.Conv2d(32, 3, 3, padding=1))
opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
frames = TensorDataset(torch.randn(2048, 3, 64, 64))
loader = DataLoader(frames, batch_size=32, shuffle=True, pin_memory=True, num_workers=4, persistent_workers=True)
net, opt, loader = accelerator.prepare(net, opt, loader)

for epoch in range(100):
    for step, (x,) in enumerate(loader):
        noise = torch.randn_like(x)
        loss = (net(x + noise) - noise).pow(2).mean()
        accelerator.backward(loss)
        opt.step()
        opt.zero_grad()
        accelerator.wait_for_everyone()  # expect: GPU201 "launched on several processes it is a barrier"
        if step % 1000 == 0:
            accelerator.wait_for_everyone()  # ok: GPU201 (once every 1000 steps, before the save)
            accelerator.save(accelerator.unwrap_model(net).state_dict(), f"net-{epoch}-{step}.pt")
    accelerator.wait_for_everyone()  # ok: GPU201 (once per epoch)
