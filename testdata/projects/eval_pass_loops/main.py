"""Loops over evaluation datasets and class-mapping files: each iteration runs
a whole evaluation pass in another module, so the loops are not batch loops
even though their names say `test` and they sit in evaluation functions."""
import logging

import numpy as np
import torch
from torch.utils.data import DataLoader

from transformers import AutoTokenizer

from evaluation import class_weights, run_pass, score_heads, write_responses

logger = logging.getLogger("main")


def make_test_loader(name, batch_size):
    logger.info(f"building loader for {name}")  # ok: GPU206 (once per dataset)
    return DataLoader(torch.load(name), batch_size=batch_size, num_workers=4, pin_memory=True, persistent_workers=True)


def test_on_datasets(model, heads, test_dataset_strs, test_metric_types, batch_size, device):
    results = {}
    for test_dataset_str, metric_type in zip(test_dataset_strs, test_metric_types):
        logger.info(f"Testing on {test_dataset_str}")  # ok: GPU206 (one record per dataset)
        loader = make_test_loader(test_dataset_str, batch_size)
        results[test_dataset_str] = score_heads(model, heads, loader, device)
    return results


def eval_linear(model, heads, test_class_mapping_fpaths, device):
    model.eval()
    mappings = []
    for class_mapping_fpath in test_class_mapping_fpaths:
        logger.info(f"Using class mapping from {class_mapping_fpath}")  # ok: GPU206 (a list of files, not batches)
        mappings.append(np.load(class_mapping_fpath))
    return mappings


def evaluate_all(model, val_loaders, device):
    model.eval()
    for val_loader in val_loaders:
        logger.info("evaluating the next loader")  # ok: GPU206 (run_pass in evaluation.py loops over the batches)
        run_pass(model, val_loader, device)


@torch.no_grad()
def evaluate_chunks(model, val_loader, device):
    for batch in val_loader:
        out = model(batch.to(device, non_blocking=True))
        print(out.sum().item())  # expect: GPU201 "every batch of the evaluation loop"


def main():
    device = torch.device("cuda")
    model = torch.nn.Linear(16, 16).to(device)
    heads = {"a": torch.nn.Linear(16, 4).to(device)}
    test_on_datasets(model, heads, ["a.pt", "b.pt"], ["top1", "top1"], 64, device)
    eval_linear(model, heads, ["m.npy"], device)
    val_loader = make_test_loader("val.pt", 64)
    evaluate_chunks(model, val_loader, device)
    evaluate_all(model, [val_loader, make_test_loader("extra.pt", 64)], device)
    class_weights(model, ["cat", "dog"], ["a photo of a {}."], AutoTokenizer.from_pretrained("bert-base-uncased"), device)
    write_responses(model, ["a question"], AutoTokenizer.from_pretrained("gpt2"), device)
    for name in ["x.pt", "y.pt"]:
        run_pass(model, make_test_loader(name, 64), device)


if __name__ == "__main__":
    main()
