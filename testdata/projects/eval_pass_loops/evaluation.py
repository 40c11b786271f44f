"""The batch loop of an evaluation pass lives here; callers loop over whole
passes (one per dataset or classifier head)."""
import logging

import torch

logger = logging.getLogger("eval")


@torch.no_grad()
def run_pass(model, loader, device):
    model.eval()
    total = torch.zeros((), device=device)
    for images, labels in loader:
        logits = model(images.to(device, non_blocking=True))
        loss = torch.nn.functional.cross_entropy(logits, labels.to(device, non_blocking=True))
        logger.info(f"batch loss {loss.item():.3f}")  # expect: GPU201 "every batch of the evaluation loop"
        total += loss
    return total


def score_heads(model, heads, loader, device):
    logger.info("scoring %d heads", len(heads))  # ok: GPU206 (once per pass, not per batch)
    return {name: run_pass(torch.nn.Sequential(model, head), loader, device) for name, head in heads.items()}


@torch.no_grad()
def score_loaders(model, val_loaders, device):
    # Named like loaders and in an evaluation context, but each pass of this
    # loop is a whole evaluation (run_pass in this file has the batch loop).
    scores = []
    for val_loader in val_loaders:
        logger.info("next loader")  # ok: GPU206 (once per evaluation pass)
        scores.append(run_pass(model, val_loader, device))
    return scores


@torch.no_grad()
def class_weights(model, classnames, templates, tokenizer, device):
    # One pass per class name while building a zero-shot head: not a batch loop.
    weights = []
    for classname in iter(classnames):
        tokens = tokenizer([t.format(classname) for t in templates]).to(device)  # ok: GPU106 (once per class)
        weights.append(model(tokens).mean(0))
    return torch.stack(weights)


@torch.no_grad()
def generate(model, idx, max_new_tokens):
    for _ in range(max_new_tokens):
        logits = model(idx)
        idx = torch.cat((idx, logits.argmax(-1, keepdim=True)), dim=1)
    return idx


@torch.no_grad()
def write_responses(model, test_data, tokenizer, device):
    # One generation (a loop of forward passes) per entry: the sync after it
    # is once per generated answer, not once per batch.
    model.eval()
    answers = []
    for entry in test_data:
        ids = generate(model, torch.tensor(tokenizer.encode(entry)).to(device), 256)  # ok: GPU106 (once per answer)
        answers.append(tokenizer.decode(ids.tolist()))  # ok: GPU201 (once per generated answer)
    return answers
