import torch
import torch.nn as nn

from feeds import make_streams


def run_epoch(net, streams, opt, device):
    for images, labels in streams["fit"].loader:
        images, labels = images.to(device, non_blocking=True), labels.to(device, non_blocking=True)
        loss = nn.functional.cross_entropy(net(images), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def probe(net, streams, device):
    hits = torch.zeros((), device=device)
    for images, labels in streams["probe"].loader:
        hits += (net(images.to(device, non_blocking=True)).argmax(1) == labels.to(device, non_blocking=True)).sum()
    return hits


def main():
    device = torch.device("cuda")
    streams = make_streams(128, 8)
    net = nn.Sequential(nn.Flatten(), nn.Linear(3 * 96 * 96, 10)).to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(30):
        run_epoch(net, streams, opt, device)
        print(epoch, probe(net, streams, device).item())


if __name__ == "__main__":
    main()
