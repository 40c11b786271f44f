import json

import torch

from sampling import decode, encode, repeat_apply, sample_tokens


def respond(model, tokenizer, test_entries, device):
    model.eval()
    for n, entry in enumerate(test_entries):
        prompt = f"### Instruction:\n{entry['instruction']}"
        ids = sample_tokens(model, encode(prompt, tokenizer).to(device), 256, 1024)  # ok: GPU106 (once per answer)
        test_entries[n]["response"] = decode(ids, tokenizer)  # ok: GPU201 (once per generated answer)
    return test_entries


def evaluate(model, loader, device):
    model.eval()
    total = 0.0
    with torch.no_grad():
        for inputs, targets in loader:
            logits = model(inputs.to(device))
            loss = torch.nn.functional.cross_entropy(logits.flatten(0, 1), targets.to(device).flatten())
            total += loss.item()  # expect: GPU201 "every batch"
    return total


def widen(x):
    return torch.cat((x, x), dim=1)


def score(model, loader, device):
    model.eval()
    with torch.no_grad():
        for inputs, targets in loader:
            # repeat_apply loops over calls of `widen`, a function: no generation,
            # so this is still the batch loop.
            widened = repeat_apply(widen, inputs.to(device), 2)
            print(model(widened).argmax(-1).tolist())  # expect: GPU201 "every batch"


def main():
    device = torch.device("cuda")
    model = torch.load("model.pt").to(device)
    with open("test.json") as f:
        entries = json.load(f)
    json.dump(respond(model, None, entries, device), open("out.json", "w"))
