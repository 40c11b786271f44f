"""Step loops that draw their batches from generators over loaders."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from streams import ShardSet, each_batch, forever, pinned_stream, shard_stream, split_stream, toggled_stream


class StreamTrainer:
    def __init__(self, model, data, opt, steps):
        self.model = model
        self.data = data
        self.opt = opt
        self.steps = steps

    def run(self, device):
        for step in range(self.steps):
            images, labels = next(self.data)
            images = images.to(device, non_blocking=True)
            labels = labels.to(device, non_blocking=True)
            loss = F.cross_entropy(self.model(images), labels)
            self.opt.zero_grad(set_to_none=True)
            loss.backward()
            self.opt.step()


def channel_means(stats_loader):
    total = torch.zeros(3)
    for images, _ in each_batch(stats_loader):
        total += images.mean(dim=(0, 2, 3))
    return total


def main():
    device = torch.device("cuda")
    model = nn.Sequential(nn.Flatten(), nn.Linear(3 * 32 * 32, 10)).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)

    warmup_loader = DataLoader(ShardSet("/data/warm"), batch_size=64, shuffle=True, num_workers=4, persistent_workers=True)  # expect: GPU103 "training step loop"
    batches = forever(warmup_loader)
    for step in range(500):
        x, y = next(batches)
        loss = F.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()

    tune_loader = DataLoader(ShardSet("/data/tune"), batch_size=64, num_workers=4, pin_memory=True, persistent_workers=True)  # ok: GPU103 (pins its batches)
    tuning = forever(tune_loader)
    for step in range(300):
        x, y = next(tuning)
        x = x.to(device)  # expect: GPU104
        y = y.to(device, non_blocking=True)  # ok: GPU104
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()

    stats_loader = DataLoader(ShardSet("/data/warm"), batch_size=256, num_workers=4, persistent_workers=True)  # ok: GPU103 (its batches stay on the host: statistics, no step loop)
    print(channel_means(stats_loader))

    StreamTrainer(model, shard_stream("/data/main", 128), opt, steps=20000).run(device)
    StreamTrainer(model, pinned_stream("/data/main", 128), opt, steps=20000).run(device)
    StreamTrainer(model, split_stream("/data/main", 128), opt, steps=20000).run(device)
    StreamTrainer(model, toggled_stream("/data/alt", 64, shuffled=True), opt, steps=20000).run(device)


if __name__ == "__main__":
    main()
