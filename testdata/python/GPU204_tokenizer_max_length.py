"""The length a tokenizer call cuts samples to (`max_length=args.cutoff`)
says how large each sample is: 512 tokens through a large language model
with gradient accumulation is a micro-batch memory chose, not a tiny batch."""
import argparse

import torch
from torch.utils.data import DataLoader
from transformers import AutoModelForCausalLM, AutoTokenizer

parser = argparse.ArgumentParser()
parser.add_argument("--micro_batch", type=int, default=2)
parser.add_argument("--window", type=int, default=512)
parser.add_argument("--gradient_accumulation_steps", type=int, default=16)
args = parser.parse_args()

tok = AutoTokenizer.from_pretrained("some-org/causal-lm-7b")
lm = AutoModelForCausalLM.from_pretrained("some-org/causal-lm-7b").cuda()
opt = torch.optim.AdamW(lm.parameters(), lr=1e-5)


def encode(rows):
    return tok([r["text"] for r in rows], truncation=True, max_length=args.window, padding=True, return_tensors="pt")


def train(rows):
    loader = DataLoader(rows, batch_size=args.micro_batch, shuffle=True, collate_fn=encode, num_workers=4,  # ok: 2 x 512 tokens on a 7B model
                        pin_memory=True, persistent_workers=True)
    for step, batch in enumerate(loader):
        batch = {k: v.cuda(non_blocking=True) for k, v in batch.items()}
        loss = lm(**batch, labels=batch["input_ids"]).loss / args.gradient_accumulation_steps
        loss.backward()
        if (step + 1) % args.gradient_accumulation_steps == 0:
            opt.step()
            opt.zero_grad()
