"""Zero-shot scoring where the forward pass hides in a helper: the loop over a
loader's batches walks the items of each batch and calls `rank_labels(model,
item, ...)`, which runs the model over every chunk of label prompts and
returns the GPU scores. Reading a score per item syncs once per item. The
tempting twins stay silent: the helper run once before the loop, a set-up
loop over class names that embeds each once, and a per-item loop whose
helper only preprocesses on the CPU."""
import torch
import torch.nn as nn
import torchvision.transforms as T
from torch.utils.data import DataLoader, TensorDataset


@torch.no_grad()
def rank_labels(model, item, prompt_chunks, n_labels):
    pixels, mask = item
    totals = torch.zeros(n_labels, device=pixels.device)
    for prompts, label_ids in prompt_chunks:
        k = prompts.shape[0]
        logp = model(torch.cat([pixels.expand(k, -1), prompts], dim=1) * mask).log_softmax(-1)[:, 0]
        totals.index_add_(0, label_ids, logp)
    return totals


@torch.no_grad()
def embed_name(model, tokens):
    return model(tokens).mean(0)


def jitter(item, transform):
    pixels, _ = item
    return transform(pixels.view(1, 4, 4)).flatten()


def main():
    device = torch.device("cuda")
    model = nn.Linear(24, 6).to(device).eval()
    n_labels = 6
    prompt_chunks = [(torch.randn(3, 8, device=device), torch.arange(3, device=device)) for _ in range(2)]

    class_names = ["cat", "dog", "fox"]
    norms = []
    for name in class_names:
        tokens = torch.randn(2, 24, device=device) * len(name)
        emb = embed_name(model, tokens)
        norms.append(emb.norm().item())  # ok: GPU201 (set-up: each class name embedded once, before the batches)

    blank = (torch.zeros(16, device=device), torch.ones(24, device=device))
    prior = rank_labels(model, blank, prompt_chunks, n_labels)
    print("prior spread", prior.std().item())  # ok: GPU201 (once, before the loop)

    data = TensorDataset(torch.randn(64, 16), torch.randint(0, n_labels, (64,)))
    loader = DataLoader(data, batch_size=8, num_workers=4, pin_memory=True, persistent_workers=True)
    flip = T.RandomHorizontalFlip()
    hits = seen = bright = 0
    for raw, labels in loader:
        pixels = raw.to(device, non_blocking=True)
        labels = labels.to(device, non_blocking=True)
        for b in range(pixels.shape[0]):
            scores = rank_labels(model, (pixels[b], torch.ones(24, device=device)), prompt_chunks, n_labels)
            scores = scores - prior
            top = scores.topk(3).indices
            hits += int(top[0] == labels[b])  # expect: GPU201 "on every batch of the evaluation loop at line 59"
            best = scores.argmax().item()  # ok: GPU201 (read right after line 63: part of its finding)
            seen += 1
        for j in range(raw.shape[0]):
            view = jitter((raw[j], None), flip)
            bright += view.mean().item()  # ok: GPU201 (the helper flips a host image on the CPU: nothing on the GPU)
    print(hits / max(seen, 1), bright)


if __name__ == "__main__":
    main()
