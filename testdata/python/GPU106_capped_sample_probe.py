# A validation pass that also renders a few samples: `if shown >= max_shown:
# break` before the rendering, `shown += 1` after it and `shown = 0` before
# the loops. The rendering (tokenizing one caption, writing one picture with
# PIL) runs at most max_shown times in the whole pass, not once per batch. A
# count reset for every batch, or a cap of -1 (no cap), keeps the findings.
import torch
from PIL import Image

device = torch.device("cuda")


class Tokenizer:
    def encode(self, text):
        return torch.tensor([ord(c) % 97 for c in text])


def render(net, tokenizer, caption):
    ids = tokenizer.encode(caption).to(device)  # ok: GPU106 (at most max_shown captions)
    return net(torch.randn(1, 16, device=device) + ids.float().mean())


def save_picture(img, name):
    pixels = (img.clamp(0, 1) * 255).byte().cpu().numpy()
    Image.fromarray(pixels).save(name)


@torch.no_grad()
def validate(net, loader, tokenizer, max_shown=4):
    net.eval()
    shown = 0
    total = torch.zeros((), device=device)
    for captions, x in loader:
        for caption in captions:
            if shown >= max_shown:
                break
            save_picture(render(net, tokenizer, caption), f"sample{shown}.png")
            shown += 1
        total += net(x.to(device, non_blocking=True)).pow(2).mean()
    return total


@torch.no_grad()
def validate_each_batch(net, loader, tokenizer, max_shown=2):
    net.eval()
    total = torch.zeros((), device=device)
    for captions, x in loader:
        shown = 0  # counted again for every batch
        for caption in captions:
            if shown >= max_shown:
                break
            ids = tokenizer.encode(caption).to(device)  # expect: GPU106 "tokenizes"
            total += net(ids.float().mean() + x.to(device, non_blocking=True)).sum()
            shown += 1
    return total


@torch.no_grad()
def validate_uncapped(net, loader, tokenizer, max_shown=-1):
    net.eval()
    shown = 0
    total = torch.zeros((), device=device)
    for captions, x in loader:
        for caption in captions:
            if max_shown != -1 and shown >= max_shown:
                break
            ids = tokenizer.encode(caption).to(device)  # expect: GPU106 "tokenizes"
            total += net(ids.float().mean() + x.to(device, non_blocking=True)).sum()
            shown += 1
    return total


if __name__ == "__main__":
    model = torch.nn.Linear(16, 16).to(device)
    rows = [(["a cat", "a dog"], torch.randn(2, 16)) for _ in range(8)]
    batches = torch.utils.data.DataLoader(rows, batch_size=None, num_workers=2, pin_memory=True)
    validate(model, batches, Tokenizer())
    validate_each_batch(model, batches, Tokenizer())
    validate_uncapped(model, batches, Tokenizer())
