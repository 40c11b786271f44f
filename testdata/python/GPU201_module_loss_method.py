# A module's own loss or coding method (`model.loss(batch)`, `vae.encode(x)`)
# returns tensors on the module's device, as its forward does; reading them
# with .item() every step syncs. A loss weight read from the config is a
# host value.
import torch
from accelerate import Accelerator


class Denoiser(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 8)

    def loss(self, x):
        return (self.net(x) - x).pow(2).mean(dim=1)


def main(cfg):
    accelerator = Accelerator()
    model = Denoiser()
    opt = torch.optim.AdamW(model.parameters())
    loader = torch.utils.data.DataLoader(torch.randn(64, 8), batch_size=16, num_workers=4, pin_memory=True,
                                         persistent_workers=True)
    model, opt, loader = accelerator.prepare(model, opt, loader)
    for batch in loader:
        losses = model.loss(batch)
        mean_loss = accelerator.gather(losses).mean().item()  # expect: GPU201
        weight = float(cfg.loss_weight)  # ok: GPU201 (a config value)
        accelerator.backward(losses.mean() * weight)
        opt.step()
        opt.zero_grad()
        print(mean_loss)
