"""Outer loops that are not batch loops: a loop over validation subsets,
prompts, model names or named datasets runs its body once per item, not
once per batch. A batch loop iterates a loader (directly or through tqdm,
enumerate or a metric logger's log_every) or runs the model on its variable."""
import torch
import torch.nn as nn
from tqdm import tqdm

device = torch.device("cuda")
model = nn.Linear(128, 10).to(device)


@torch.no_grad()
def validate(valid_subsets, get_loader):
    model.eval()
    stats = {}
    for subset in valid_subsets:
        progress = tqdm(get_loader(subset))
        total = torch.zeros((), device=device)
        for i, sample in enumerate(progress):
            total += model(sample["net_input"].to(device, non_blocking=True)).sum()
            print(f"validated batch {i}")  # expect: GPU206 "every batch of the evaluation loop at line 20"
        print(f"validated subset {subset}")  # ok: GPU206 (once per subset)
        stats[subset] = total
    return stats


@torch.no_grad()
def evaluate_named(val_datasets, make_loader):
    model.eval()
    for name, val_data in val_datasets.items():
        print(f"evaluating on {name}")  # ok: GPU206 (once per dataset)
        for images, _ in make_loader(val_data):
            model(images.to(device, non_blocking=True))


@torch.no_grad()
def sample_test_prompts(test_prompts, encode, max_new_tokens):
    model.eval()
    for prompt in test_prompts:
        idx = encode(prompt).to(device, non_blocking=True)
        for _ in range(max_new_tokens):
            idx = torch.cat([idx, model(idx).argmax(-1, keepdim=True)], dim=1)
        print(f"prompt {prompt!r} done")  # ok: GPU206 (once per prompt)


@torch.no_grad()
def evaluate_checkpoints(eval_model_names, load, loader):
    for model_name in eval_model_names:
        net = load(model_name).to(device)
        net.eval()
        print(f"loaded {model_name}")  # ok: GPU206 (once per model)
        for images, _ in loader:
            net(images.to(device, non_blocking=True))


@torch.no_grad()
def evaluate_logged(data_loader, metric_logger):
    model.eval()
    for images, _ in metric_logger.log_every(data_loader, 10, "Test:"):
        model(images.to(device, non_blocking=True))
        print(f"batch of {images.shape[0]}")  # expect: GPU206 "every batch of the evaluation loop"


@torch.no_grad()
def evaluate_holdout(holdout):
    model.eval()
    for chunk, _ in holdout:
        model(chunk.to(device, non_blocking=True))
        print(f"chunk of {chunk.shape[0]}")  # expect: GPU206 "every batch of the evaluation loop"


@torch.no_grad()
def detect(dataset):
    model.eval()
    for path, im in dataset:
        im = im.to(device, non_blocking=True)
        model(im)
        for chunk in torch.chunk(im, 2, 0):
            model(chunk)
        print("image done")  # expect: GPU206 "every batch of the evaluation loop at line 76"
        print(f"{path}: done")  # ok: GPU206 (the per-item output of a script that never trains)


@torch.no_grad()
def report_word_stats(val_loader, word_stats):
    model.eval()
    for images, _ in val_loader:
        model(images.to(device, non_blocking=True))
    for ws in sorted(word_stats.values(), key=lambda w: w.count):
        print(ws)  # ok: GPU206 (a loop over statistics, not batches)
