# A tutorial whose every device is the CPU (`device="cpu"` defaults that no
# caller changes) has no GPU to idle: no loader, copy or sync finding. An
# HF Trainer imported for a later section but never used does not put the
# file on a GPU.
import torch
from torch.utils.data import DataLoader
from transformers import AutoModelForSequenceClassification, Trainer, TrainingArguments  # noqa: F401

classifier = AutoModelForSequenceClassification.from_pretrained("org/small-classifier")


def score(pairs, batch_size=16, device="cpu"):
    classifier.to(device)
    classifier.eval()
    loader = DataLoader(pairs, batch_size=batch_size)  # ok: GPU101, GPU103 (CPU only)
    out = []
    for batch_ids, batch_masks in loader:
        with torch.no_grad():
            logits = classifier(input_ids=batch_ids.to(device), attention_mask=batch_masks.to(device)).logits
        out.extend(logits.softmax(-1)[:, 1].cpu().tolist())  # ok: GPU201 (CPU only)
    return out


def fine_tune(dataset, epochs=1, device="cpu"):
    classifier.to(device)
    opt = torch.optim.AdamW(classifier.parameters(), lr=1e-5)
    loader = DataLoader(dataset, batch_size=8, shuffle=True)  # ok: GPU101, GPU103 (CPU only)
    for _ in range(epochs):
        for ids, masks, labels in loader:
            loss = classifier(input_ids=ids.to(device), attention_mask=masks.to(device), labels=labels.to(device)).loss
            opt.zero_grad()
            loss.backward()
            opt.step()
            print(loss.item())  # ok: GPU201 (CPU only)


print(score([(torch.zeros(8, dtype=torch.long), torch.ones(8, dtype=torch.long))]))
fine_tune(None, device="cpu")
