"""Loaders of token ids for a large language model: ids tokenized ahead
(`ds.map(tokenize)`) and padded or tensorized by a Hugging Face collator
cost well under a millisecond per batch against a step of a model that
size. A collate_fn that tokenizes raw text per batch is work for workers."""
import torch
from datasets import load_dataset
from torch.utils.data import DataLoader
from transformers import AutoModelForCausalLM, AutoTokenizer, DataCollatorWithPadding, default_data_collator

name = "some-org/causal-lm-7b"
tok = AutoTokenizer.from_pretrained(name)
raw = load_dataset("some-org/corpus")["train"]
ids = raw.map(lambda b: tok(b["text"], truncation=True, max_length=128), batched=True, remove_columns=["text"])


def tokenize_texts(rows):
    return tok([r["text"] for r in rows], padding=True, return_tensors="pt")


padded = DataLoader(ids, batch_size=8, shuffle=True, collate_fn=default_data_collator, pin_memory=True)  # ok: ids tokenized ahead
dynamic = DataLoader(ids, batch_size=8, shuffle=True, collate_fn=DataCollatorWithPadding(tok), pin_memory=True)  # ok: a padding collator
texts = DataLoader(raw, batch_size=8, shuffle=True, collate_fn=tokenize_texts, pin_memory=True)  # expect: GPU101 "num_workers is omitted"
lm = AutoModelForCausalLM.from_pretrained(name).cuda()
opt = torch.optim.AdamW(lm.parameters(), lr=1e-5)
for loader in (padded, dynamic, texts):
    for batch in loader:
        batch = {k: v.cuda(non_blocking=True) for k, v in batch.items()}
        loss = lm(**batch, labels=batch["input_ids"]).loss
        loss.backward()
        opt.step()
        opt.zero_grad()
