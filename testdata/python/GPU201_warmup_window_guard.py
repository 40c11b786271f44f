"""A branch that runs only during the warm-up window (`batches_done < opt.warmup_batches`) and
then `continue`s runs on a few hundred steps of a long run: not on every step. A counter compared
with a bound that is no warm-up length stays on every step's side."""
import argparse

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--n_epochs", type=int, default=200)
parser.add_argument("--warmup_batches", type=int, default=500)
parser.add_argument("--decay_from", type=int, default=100)
opt = parser.parse_args()

device = torch.device("cuda")
gen = nn.Linear(32, 32).to(device)
critic = nn.Linear(32, 1).to(device)
opt_g = torch.optim.Adam(gen.parameters())
opt_c = torch.optim.Adam(critic.parameters())
loader = DataLoader(TensorDataset(torch.randn(50000, 32)), batch_size=64, shuffle=True, num_workers=4,
                    pin_memory=True, persistent_workers=True)

for epoch in range(opt.n_epochs):
    for i, (x,) in enumerate(loader):
        batches_done = epoch * len(loader) + i
        x = x.to(device, non_blocking=True)
        opt_g.zero_grad()
        fake = gen(x)
        loss_pixel = (fake - x).abs().mean()
        if batches_done < opt.warmup_batches:
            loss_pixel.backward()
            opt_g.step()
            print("[warm-up %d] pixel %f" % (batches_done, loss_pixel.item()))  # ok: GPU201 (the warm-up window only)
            continue
        loss_adv = -critic(fake).mean()
        (loss_pixel + loss_adv).backward()
        opt_g.step()
        opt_c.zero_grad()
        loss_c = critic(fake.detach()).mean() - critic(x).mean()
        loss_c.backward()
        opt_c.step()
        if epoch < opt.decay_from:
            print("[%d] critic %f" % (batches_done, loss_c.item()))  # expect: GPU201 "loss_c.item()"
