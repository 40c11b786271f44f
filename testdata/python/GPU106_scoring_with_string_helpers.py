# One generate() call, then a loop that grades each decoded answer with small
# text helpers (a regex match's `.group`, `str.startswith`, `reversed` over a
# chat history): every call they make is host code, so the loop queues no GPU
# work and is no evaluation batch loop. The same helper called from a loop
# that generates for each batch of prompts parses on every batch.
import json
import re

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer


def answer_field(reply):
    hit = re.search(r"Result:\s*(.+)", reply)
    return hit.group(1).rstrip() if hit else None


def decode_payload(raw):
    if raw is None:
        return None
    if raw.startswith("~~"):
        raw = raw[2:]
    try:
        return json.loads(raw)  # ok: GPU106 (grades host strings after one generate call)
    except ValueError:
        return None


def newest_question(history):
    for turn in reversed(history):
        if turn.get("speaker") == "human":
            return turn.get("text", "")
    return ""


def decode_payload_batched(raw):
    return json.loads(raw)  # expect: GPU106


def evaluate_replies(lm, tok, eval_dataset):
    enc = tok([newest_question(row["history"]) for row in eval_dataset], return_tensors="pt", padding=True).to("cuda")
    with torch.no_grad():
        out = lm.generate(**enc, max_new_tokens=32)
    replies = tok.batch_decode(out[:, enc["input_ids"].shape[1]:], skip_special_tokens=True)
    graded = []
    for row, reply in zip(eval_dataset, replies):
        payload = decode_payload(answer_field(reply))
        graded.append({"question": newest_question(row["history"]), "payload": payload})
    return graded


def evaluate_per_batch(lm, tok, eval_batches):
    graded = []
    for batch in eval_batches:
        enc = tok(batch["questions"], return_tensors="pt", padding=True).to("cuda")
        with torch.no_grad():
            out = lm.generate(**enc, max_new_tokens=32)
        graded.append(decode_payload_batched(tok.decode(out[0])))
    return graded


tok = AutoTokenizer.from_pretrained("gpt2")
lm = AutoModelForCausalLM.from_pretrained("gpt2").cuda()
print(evaluate_replies(lm, tok, [{"history": [{"speaker": "human", "text": "{}"}]}] * 4))
print(evaluate_per_batch(lm, tok, [{"questions": ["{}"] * 4}] * 2))
