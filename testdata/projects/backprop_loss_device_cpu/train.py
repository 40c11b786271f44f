"""The CPU twin: the same loop with no GPU anywhere stays silent."""
from torch.utils.data import DataLoader

from diffusion import build_diffusion


def main(dataset, epochs, model, opt):
    diffusion = build_diffusion("mse")
    loader = DataLoader(dataset, batch_size=64, num_workers=4, persistent_workers=True)
    running_loss = 0.0
    for epoch in range(epochs):
        for x, y in loader:
            loss = diffusion.training_losses(model, x, y)["loss"].mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            running_loss += loss.item()  # ok: GPU201 (CPU-only script)
