"""A caption dataset whose rows hold only image URLs: the collate object
fetches every image over HTTP while it assembles the batch, so each batch
waits on the network. A URL read once at start-up (the label names) is fine."""
import io
import urllib.request

import torch
from PIL import Image
from torch.utils.data import DataLoader
from torchvision import transforms as T


def fetch_image(url):
    with urllib.request.urlopen(url, timeout=5) as reply:  # expect: GPU107 "collate_fn"
        return Image.open(io.BytesIO(reply.read())).convert("RGB")


def label_names(url):
    with urllib.request.urlopen(url) as reply:  # ok: GPU107 (read once before training)
        return reply.read().decode().splitlines()


class FetchingCollate:
    def __init__(self, size):
        self.prep = T.Compose([T.Resize(size), T.CenterCrop(size), T.ToTensor()])

    def __call__(self, rows):
        images = [self.prep(fetch_image(row["url"])) for row in rows]
        return torch.stack(images), torch.tensor([row["label"] for row in rows])


def main():
    names = label_names("https://example.org/labels.txt")
    rows = [{"url": f"https://example.org/{i}.jpg", "label": i % len(names)} for i in range(50_000)]
    loader = DataLoader(rows, batch_size=64, shuffle=True, num_workers=8, pin_memory=True, persistent_workers=True,
                        collate_fn=FetchingCollate(224))
    net = torch.nn.Sequential(torch.nn.Conv2d(3, 16, 3), torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
                              torch.nn.Linear(16, len(names))).cuda()
    opt = torch.optim.Adam(net.parameters())
    for images, labels in loader:
        loss = torch.nn.functional.cross_entropy(net(images.cuda(non_blocking=True)), labels.cuda(non_blocking=True))
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
