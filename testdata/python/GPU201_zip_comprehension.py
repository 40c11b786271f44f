"""GPU201 fixture: reads of per-sample GPU values in comprehensions over zip().

A detection evaluation keys its results by each target's image id: the
targets were copied to the GPU entry by entry, so every `.item()` in the
comprehension is a device-to-host copy per sample of every batch. The ids
kept on the host beside them (`image_ids`, a plain list from the dataset)
cost nothing.
"""
import torch
from torch.utils.data import DataLoader


@torch.no_grad()
def evaluate(model, postprocess, loader, device):
    model.eval()
    predictions = {}
    for images, targets, image_ids in loader:
        images = images.to(device, non_blocking=True)
        targets = [{k: v.to(device, non_blocking=True) for k, v in t.items()} for t in targets]
        outputs = model(images)
        results = postprocess(outputs, targets)
        keyed = {target["image_id"].item(): result for target, result in zip(targets, results)}  # expect: GPU201 "to the host on every batch of the evaluation loop"
        predictions.update(keyed)
        by_name = {int(i): r for i, r in zip(image_ids, results)}  # ok: the ids come from the loader, on the host
        predictions.update(by_name)
    return predictions


def main():
    device = torch.device("cuda")
    model = torch.nn.Linear(4, 4).to(device)
    loader = DataLoader(range(8), batch_size=4, num_workers=2, pin_memory=True, persistent_workers=True)
    for epoch in range(2):
        evaluate(model, lambda o, t: o, loader, device)


if __name__ == "__main__":
    main()
