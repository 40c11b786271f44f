# A tokenizer is one by what made it, whatever the script calls it: tiktoken's
# encoder held as `enc`, a Hugging Face tokenizer held as `tok`. An `encode`
# of an object that is no tokenizer (a JSON encoder) tokenizes nothing.
import json

import tiktoken
import torch
from transformers import AutoTokenizer, GPT2LMHeadModel

enc = tiktoken.get_encoding("gpt2")
tok = AutoTokenizer.from_pretrained("gpt2")
records = json.JSONEncoder()


def read_lines(path):
    with open(path) as f:
        for line in f:
            yield line.rstrip("\n")


@torch.no_grad()
def score(path):
    model = GPT2LMHeadModel.from_pretrained("gpt2").to("cuda").eval()
    total = 0.0
    log = []
    for text in read_lines(path):
        ids = enc.encode(text)  # expect: GPU106 "tokenizes text"
        more = tok.encode(text)  # expect: GPU106 "tokenizes text"
        tokens = torch.tensor(ids + more, dtype=torch.long)[None].to("cuda")
        total += model(tokens).logits.sum()
        log.append(records.encode({"chars": len(text)}))  # ok: GPU106 (a JSON encoder)
    return total, log
