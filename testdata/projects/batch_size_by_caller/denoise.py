import argparse

import torch

from shared.streams import image_stream, mask_stream


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-size", type=int, default=4)
    parser.add_argument("--mask-batch-size", type=int, default=64)
    parser.add_argument("--steps", type=int, default=10000)
    args = parser.parse_args()
    device = torch.device("cuda")
    net = torch.nn.Conv2d(3, 3, 3, padding=1).to(device)
    opt = torch.optim.Adam(net.parameters(), lr=1e-4)
    images = image_stream(1000, args.batch_size)
    masks = mask_stream(1000, args.mask_batch_size)
    for step in range(args.steps):
        (x,) = next(images)
        (m,) = next(masks)
        x, m = x.to(device, non_blocking=True), m.to(device, non_blocking=True)
        loss = ((net(x) - x) * m).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
