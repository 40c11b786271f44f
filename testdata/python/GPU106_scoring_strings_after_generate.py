# After one generate() call, a loop checks each decoded string with a JSON
# helper: the helper only calls host code, so the loop queues no GPU work
# and is no evaluation batch loop. A loop that still runs the model on each
# batch of prompts is one, and its JSON helper parses per batch.
import json

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def is_valid_record(text):
    try:
        return json.loads(text) is not None  # ok: GPU106 (called on host strings after one generate call)
    except ValueError:
        return False


def parse_record(text):
    try:
        return json.loads(text)  # expect: GPU106
    except ValueError:
        return None


def run_json_eval(model, tok, eval_dataset):
    enc = tok([ex["prompt"] for ex in eval_dataset], return_tensors="pt", padding=True).to("cuda")
    with torch.no_grad():
        out = model.generate(**enc, max_new_tokens=48)
    texts = tok.batch_decode(out[:, enc["input_ids"].shape[1]:], skip_special_tokens=True)
    good = 0
    for example, text in zip(eval_dataset, texts):
        good += int(is_valid_record(text))
    return good / max(len(texts), 1)


def run_json_eval_batched(model, tok, eval_batches):
    records = []
    for batch in eval_batches:
        enc = tok(batch["prompt"], return_tensors="pt", padding=True).to("cuda")
        with torch.no_grad():
            out = model.generate(**enc, max_new_tokens=48)
        records.append(parse_record(tok.decode(out[0])))
    return records


tok = AutoTokenizer.from_pretrained("gpt2")
model = AutoModelForCausalLM.from_pretrained("gpt2").cuda()
print(run_json_eval(model, tok, [{"prompt": "{"}] * 8))
print(run_json_eval_batched(model, tok, [{"prompt": ["{"] * 4}] * 2))
