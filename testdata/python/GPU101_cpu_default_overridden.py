# The twin of GPU101_cpu_only_tutorial.py: one call passes
# `device="cuda"`, so the shared classifier runs on the GPU and the
# loaders, copies and syncs of both functions count.
import torch
from torch.utils.data import DataLoader
from transformers import AutoModelForSequenceClassification, Trainer, TrainingArguments  # noqa: F401

classifier = AutoModelForSequenceClassification.from_pretrained("org/small-classifier")


def score(pairs, batch_size=16, device="cpu"):
    classifier.to(device)
    classifier.eval()
    loader = DataLoader(pairs, batch_size=batch_size)  # expect: GPU101
    out = []
    for batch_ids, batch_masks in loader:
        with torch.no_grad():
            logits = classifier(input_ids=batch_ids.to(device), attention_mask=batch_masks.to(device)).logits
        out.extend(logits.softmax(-1)[:, 1].cpu().tolist())  # expect: GPU201
    return out


def fine_tune(dataset, epochs=1, device="cpu"):
    classifier.to(device)
    opt = torch.optim.AdamW(classifier.parameters(), lr=1e-5)
    loader = DataLoader(dataset, batch_size=8, shuffle=True)  # expect: GPU101, GPU103
    for _ in range(epochs):
        for ids, masks, labels in loader:
            loss = classifier(input_ids=ids.to(device), attention_mask=masks.to(device), labels=labels.to(device)).loss
            opt.zero_grad()
            loss.backward()
            opt.step()
            print(loss.item())  # expect: GPU201


print(score([(torch.zeros(8, dtype=torch.long), torch.ones(8, dtype=torch.long))]))
fine_tune(None, device="cuda")
