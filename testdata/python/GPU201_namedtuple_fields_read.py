# A model that returns its loss terms in a namedtuple: reading every field
# through `_asdict().items()` on each step copies each GPU tensor to the host
# (and `v > 0` asks for a host bool), as reading `terms.recon.item()` would.
# The field names themselves are host strings.
from collections import namedtuple

import torch
from torch import nn
from torch.utils.data import DataLoader

LossTerms = namedtuple("LossTerms", ["recon", "kl"])


class Autoencoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(64, 8)
        self.dec = nn.Linear(8, 64)

    def forward(self, x):
        z = self.enc(x)
        recon = (self.dec(z) - x).square().mean()
        kl = z.square().mean()
        return recon + kl, LossTerms(recon, kl)


def main():
    device = torch.device("cuda")
    model = Autoencoder().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loader = DataLoader(torch.randn(8192, 64), batch_size=128, num_workers=4, pin_memory=True, persistent_workers=True)
    for epoch in range(10):
        for step, x in enumerate(loader):
            loss, terms = model(x.to(device, non_blocking=True))
            shown = {name: value.item() for name, value in terms._asdict().items()}  # expect: GPU201 "value.item()"
            labels = [name.upper() for name in terms._asdict()]  # ok: GPU201 — field names only
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
