# A helper that moves every item of a batch dict to the GPU in place and
# returns it (`for k in batch: batch[k] = batch[k].to(device)`) hands back
# GPU tensors: reading the labels as a list per evaluation batch waits for
# the copy. A helper that moves only the inputs leaves the labels on the host.
import torch
from torch.utils.data import DataLoader

device = "cuda"
model = torch.nn.Linear(4, 3).to(device)


def send_to_device(batch):
    for key in batch:
        batch[key] = batch[key].to(device, non_blocking=True)
    return batch


def send_inputs(batch):
    batch["x"] = batch["x"].to(device, non_blocking=True)
    return batch


@torch.inference_mode()
def evaluate(model, data):
    preds, golds = [], []
    for batch in data:
        batch = send_to_device(batch)
        golds.extend(batch["labels"].tolist())  # expect: GPU201 "copies the GPU tensor"
        preds.append(model(batch["x"]).argmax(-1))
    return torch.cat(preds), golds


@torch.inference_mode()
def evaluate_inputs(model, data):
    preds, golds = [], []
    for batch in data:
        batch = send_inputs(batch)
        golds.extend(batch["labels"].tolist())  # ok: GPU201 (the labels stay on the host)
        preds.append(model(batch["x"]).argmax(-1))
    return torch.cat(preds), golds


val = DataLoader([{"x": torch.randn(4), "labels": torch.tensor(1)}] * 64, batch_size=8, num_workers=2, pin_memory=True)
print(evaluate(model, val), evaluate_inputs(model, val))
