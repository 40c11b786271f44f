"""Loops whose iterable is wrapped by a function held in a variable: a
progress bar chosen by a flag (`wrap = tqdm.tqdm if verbose else iter`) is
peeled like a direct `tqdm(...)`, so what is iterated decides the loop kind."""
import tqdm
import torch
import torch.nn as nn
from transformers import AutoTokenizer

device = torch.device("cuda")
tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")
model = nn.Linear(768, 512).to(device)


@torch.no_grad()
def class_embeddings(classnames, templates, show_progress=False):
    if show_progress:
        iter_wrap = tqdm.tqdm
    else:
        iter_wrap = iter
    rows = []
    # One pass per class name while building a classifier head: not a batch loop.
    for classname in iter_wrap(classnames):
        texts = [t.format(classname) for t in templates]
        tokens = tokenizer(texts, return_tensors="pt")  # ok: GPU106 (once per class)
        rows.append(model(tokens["input_ids"].float().to(device)).mean(0))
    return torch.stack(rows)


@torch.no_grad()
def score_batches(val_loader, show_progress=False):
    progress = tqdm.tqdm if show_progress else iter
    total = 0.0
    # The same wrapper around a loader: still one pass per batch.
    for texts, labels in progress(val_loader):
        tokens = tokenizer(texts, return_tensors="pt")  # expect: GPU106 "every batch"
        logits = model(tokens["input_ids"].float().to(device))
        total += logits.sum().item()  # expect: GPU201 "every batch"
    return total
