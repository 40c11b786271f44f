# The noise options are added by a helper of another module that receives
# the parser: their defaults decide which branch the step takes. The opt-in
# pyramid noise (default None) is off; the jitter (default 0.1) is on, and
# its host tensor is copied to the GPU after the step queued work.
import argparse

import torch

from noisekit import options
from noisekit.noise import jitter, pyramid


def main():
    parser = argparse.ArgumentParser()
    options.add_noise_options(parser)
    args = parser.parse_args()
    dev = torch.device("cuda")
    net = torch.nn.Conv2d(4, 4, 3, padding=1).to(dev)
    opt = torch.optim.AdamW(net.parameters())
    loader = torch.utils.data.DataLoader(torch.randn(64, 4, 32, 32), batch_size=8, num_workers=2, pin_memory=True,
                                         persistent_workers=True)
    for epoch in range(100):
        for x in loader:
            x = x.to(dev, non_blocking=True)
            eps = torch.randn_like(net(x))
            if args.pyramid_levels:
                eps = pyramid(eps, dev, args.pyramid_levels)  # ok: --pyramid_levels defaults to None (off)
            if args.jitter_scale:
                eps = jitter(eps, dev, args.jitter_scale)  # expect: GPU201 "jitter() runs"
            loss = torch.nn.functional.mse_loss(net(x + eps), eps)
            loss.backward()
            opt.step()
            opt.zero_grad()


if __name__ == "__main__":
    main()
