# Pinning pays off for large batches (images, audio); batches of token ids
# are a few hundred KB of integers, and their staging copy costs
# microseconds next to a transformer's step. A loader whose collate_fn is a
# Hugging Face data collator, pads with the tokenizer or builds `input_ids`
# is not reported; an image loader beside them is.
import torch
from torch.utils.data import DataLoader
from transformers import DataCollatorWithPadding, default_data_collator

device = torch.device("cuda")


def pad_batch(tokenizer):
    def collate(examples):
        return tokenizer.pad(examples, padding="longest", return_tensors="pt")

    return collate


def rows_to_tensors(rows):
    return {"input_ids": torch.tensor([r["ids"] for r in rows]), "labels": torch.tensor([r["label"] for r in rows])}


def run_text_epoch(model, optimizer, loader):
    for batch in loader:
        batch = {k: v.to(device) for k, v in batch.items()}
        loss = model(**batch).loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def train(model, optimizer, tokenizer, text_set, image_set, pad_to_max_length=False):
    padded = DataLoader(text_set, batch_size=32, num_workers=2, collate_fn=DataCollatorWithPadding(tokenizer))  # ok: GPU103 (token ids)
    collator = DataCollatorWithPadding(tokenizer, pad_to_multiple_of=8)
    named = DataLoader(text_set, batch_size=32, num_workers=2, collate_fn=collator)  # ok: GPU103 (token ids)
    plain = DataLoader(text_set, batch_size=32, num_workers=2, collate_fn=default_data_collator)  # ok: GPU103 (token ids)
    by_tokenizer = DataLoader(text_set, batch_size=32, num_workers=2, collate_fn=pad_batch(tokenizer))  # ok: GPU103 (token ids)
    by_rows = DataLoader(text_set, batch_size=32, num_workers=2, collate_fn=rows_to_tensors)  # ok: GPU103 (token ids)
    if pad_to_max_length:
        either = default_data_collator
    else:
        either = DataCollatorWithPadding(tokenizer)
    by_option = DataLoader(text_set, batch_size=32, num_workers=2, collate_fn=either)  # ok: GPU103 (a collator on both paths)
    images = DataLoader(image_set, batch_size=64, num_workers=2)  # expect: GPU103 "pin_memory is omitted"
    run_text_epoch(model, optimizer, padded)
    run_text_epoch(model, optimizer, named)
    run_text_epoch(model, optimizer, plain)
    run_text_epoch(model, optimizer, by_tokenizer)
    run_text_epoch(model, optimizer, by_rows)
    run_text_epoch(model, optimizer, by_option)
    for x, y in images:
        x, y = x.to(device), y.to(device)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
