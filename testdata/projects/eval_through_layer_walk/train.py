# A generator whose forward walks its layers by index (`self.ups[i](x)`,
# `block = self.blocks[i]`) runs each layer once: that loop is the model's
# own layer walk, not a sampling loop that runs the model again and again.
# The validation loop around it is still an evaluation loop, and its
# per-batch reads (and blocking copies of pinned batches) are reported there.
import torch
from torch.utils.data import DataLoader

from nets import Upsampler


def fit(train_set, val_set, device):
    gen = Upsampler().to(device)
    opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
    train_loader = DataLoader(train_set, batch_size=16, num_workers=4, pin_memory=True, persistent_workers=True)
    val_loader = DataLoader(val_set, batch_size=1, num_workers=1, pin_memory=True)  # expect: GPU105 "runs every N steps (`step % 1000 == 0`)"
    step = 0
    for epoch in range(50):
        for i, batch in enumerate(train_loader):
            x, y = batch
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = (gen(x) - y).abs().mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step % 1000 == 0:
                gen.eval()
                with torch.no_grad():
                    for j, batch in enumerate(val_loader):
                        x, y = batch
                        err = (gen(x.to(device)) - y.to(device)).abs().mean().item()  # expect: GPU201, GPU104 "x.to(device)", GPU104 "y.to(device)"
                gen.train()
            step += 1


if __name__ == "__main__":
    fit(None, None, torch.device("cuda"))
