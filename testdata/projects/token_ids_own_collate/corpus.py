"""Token ids prepared ahead of training, and the collates that batch them."""
import torch
from datasets import load_dataset


def build_corpus(tok, seq_len):
    raw = load_dataset("some-org/stories", split="train")

    def encode(rows):
        out = tok(rows["text"], truncation=True, max_length=seq_len)
        out["labels"] = out["input_ids"].copy()
        return out

    # Tokenized once, then only reordered: each sample is a list of ids.
    return raw.map(encode, batched=True, remove_columns=["text"]).shuffle(seed=0)


def make_batcher():
    def batcher(items):
        ids = torch.tensor([item["input_ids"] for item in items], dtype=torch.long)
        return {"input_ids": ids, "labels": ids.clone()}

    return batcher


def make_text_batcher(tok):
    def batcher(items):
        return tok([item["text"] for item in items], padding=True, return_tensors="pt")

    return batcher
