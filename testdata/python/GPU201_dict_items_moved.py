"""GPU201: a batch dict moved to the GPU key by key (`for k, v in
inputs.items(): inputs[k] = v.to(device)`) holds GPU tensors under every key,
so `inputs["labels"].cpu()` afterwards copies one back on every batch. When
the loop moves only some keys (an `if` around the store), the other keys stay
on the host."""
import torch

model = torch.nn.Linear(8, 2).cuda().eval()
rows = [{"x": torch.randn(8), "labels": 1, "ids": 3} for _ in range(64)]
loader = torch.utils.data.DataLoader(rows, batch_size=8, num_workers=4, pin_memory=True)
labels, ids = [], []
with torch.no_grad():
    for inputs in loader:
        for k, v in inputs.items():
            inputs[k] = v.to("cuda", non_blocking=True)
        logits = model(inputs["x"])
        labels.append(inputs["labels"].cpu().numpy())  # expect: GPU201

    for inputs in loader:
        for k, v in inputs.items():
            if k == "x":
                inputs[k] = v.to("cuda", non_blocking=True)
        logits = model(inputs["x"])
        ids.append(inputs["ids"].cpu().numpy())  # ok: GPU201 (only "x" was moved)
