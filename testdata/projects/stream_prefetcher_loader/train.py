"""--pinned is off unless passed: the training feeder's loader returns
pageable batches, which the feeder's side stream then copies synchronously
(a pageable source cannot be copied asynchronously)."""
import argparse

import torch

from pipeline.feeder import build_feeder, build_pinned_feeder

parser = argparse.ArgumentParser()
parser.add_argument("--pinned", action="store_true")
parser.add_argument("--workers", type=int, default=6)
parser.add_argument("--batch-size", type=int, default=96)
args = parser.parse_args()

device = torch.device("cuda")
images = torch.utils.data.TensorDataset(torch.randn(512, 3, 32, 32), torch.randint(0, 10, (512,)))
train_feed = build_feeder(images, args.batch_size, args.workers, pinned=args.pinned, device=device)
val_feed = build_pinned_feeder(images, args.batch_size, args.workers, device=device)
net = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3 * 32 * 32, 10)).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)

for epoch in range(30):
    net.train()
    for x, y in train_feed:
        loss = torch.nn.functional.cross_entropy(net(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    net.eval()
    with torch.no_grad():
        for x, y in val_feed:
            net(x)
