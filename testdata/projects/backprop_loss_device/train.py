"""The loss the step backpropagates through lives where the model trains (on
the GPU here), even when the helper computing it cannot be followed."""
import torch
from torch.utils.data import DataLoader

from diffusion import build_diffusion


def main(dataset, epochs, model):
    device = torch.device("cuda", 0)
    torch.cuda.set_device(device)
    model = model.to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    diffusion = build_diffusion("mse")
    loader = DataLoader(dataset, batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)
    running_loss = 0.0
    for epoch in range(epochs):
        for x, y in loader:
            x = x.to(device, non_blocking=True)
            t = torch.randint(0, diffusion.num_timesteps, (x.shape[0],), device=device)
            loss_dict = diffusion.training_losses(model, x, t)
            loss = loss_dict["loss"].mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            running_loss += loss.item()  # expect: GPU201 "`loss.item()`"
            stats = diffusion.stats(x)
            print(stats["snr"].item())  # ok: GPU201 (not backpropagated: where it lives is unknown)
