# Batches of token ids need no pinning (a few hundred KB of integers), also
# when the collator is an object whose __call__ keys the batch by input_ids,
# or a function handed in as a parameter by every caller. A parameter that
# one caller fills with an image collate keeps the finding.
import torch
from transformers import AutoModelForCausalLM

model = AutoModelForCausalLM.from_pretrained("gpt2").to("cuda")


class PadCollator:
    def __call__(self, features):
        n = max(len(f["input_ids"]) for f in features)
        return {"input_ids": torch.tensor([f["input_ids"] + [0] * (n - len(f["input_ids"])) for f in features])}


def pad_collate(features):
    n = max(len(f["input_ids"]) for f in features)
    return {"input_ids": torch.tensor([f["input_ids"] + [0] * (n - len(f["input_ids"])) for f in features])}


def stack_images(features):
    return {"pixels": torch.stack([f["pixels"] for f in features])}


def score(eval_dataset, data_collator):
    loader = torch.utils.data.DataLoader(eval_dataset, batch_size=8, collate_fn=data_collator, num_workers=2)  # ok: GPU103 (token ids from every caller's collate)
    with torch.no_grad():
        return [model(input_ids=b["input_ids"].to("cuda")).logits.mean() for b in loader]


def embed(eval_dataset, collate):
    loader = torch.utils.data.DataLoader(eval_dataset, batch_size=8, collate_fn=collate, num_workers=2)  # expect: GPU103
    with torch.no_grad():
        for b in loader:
            model(inputs_embeds=b["pixels"].to("cuda"))


tokens = [{"input_ids": [1, 2, 3]}] * 64
objects = torch.utils.data.DataLoader(tokens, batch_size=8, collate_fn=PadCollator(), num_workers=2)  # ok: GPU103 (a collator object of token ids)
with torch.no_grad():
    for b in objects:
        model(input_ids=b["input_ids"].to("cuda"))
score(tokens, pad_collate)
embed(tokens, pad_collate)
embed([{"pixels": torch.randn(4, 768)}] * 64, stack_images)
