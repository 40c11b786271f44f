# A branch that fills the entry its test asks for (`if label not in cache:
# cache[label] = tokenizer.encode(label)`) runs once per distinct key, not on
# every batch. A test that fills nothing (`if label not in allowed:`) lets
# the work run whenever the key is missing, batch after batch.
import torch


class Vocab:
    def encode(self, text):
        return [ord(c) % 50 for c in text]


def run_eval(model, tokenizer, problems, allowed, batch_size):
    cache = {}
    seen = set()
    hits = 0
    for i in range(0, len(problems), batch_size):
        ids = torch.randint(0, 50, (batch_size, 16), device="cuda")
        with torch.no_grad():
            logits = model(ids.float())
        for label in problems[i:i + batch_size]:
            if label not in cache:
                cache[label] = tokenizer.encode(label)[0]  # ok: GPU106 (once per distinct label)
            if label not in seen:
                seen.add(label)
                print(tokenizer.encode(label))  # ok: GPU106, GPU206 (once per distinct label)
            if not label.lower() in cache:
                cache[label.lower()] = tokenizer.encode(label.lower())[0]  # ok: GPU106 (once per distinct key)
            if label not in allowed:
                hits -= tokenizer.encode(label)[0]  # expect: GPU106
            hits += cache[label] + int(logits.shape[0])
    return hits


model = torch.nn.Linear(16, 50).cuda()
print(run_eval(model, Vocab(), ["A", "B", "C", "D"] * 100, {"A"}, 8))
