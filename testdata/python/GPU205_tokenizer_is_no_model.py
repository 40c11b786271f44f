"""A tokenizer made by `from_pretrained` is a preprocessor, not a network:
calling it in an evaluation function runs no forward pass, so only the
model's own call decides whether autograd is on."""
import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer


def teacher_logits(model_path, premises, batch_size):
    model = AutoModelForSequenceClassification.from_pretrained(model_path).cuda()
    tokenizer = AutoTokenizer.from_pretrained(model_path)
    logits = []
    for i in range(0, len(premises), batch_size):
        encodings = tokenizer(premises[i : i + batch_size], padding=True, return_tensors="pt")  # ok: no forward pass
        with torch.no_grad():
            outputs = model(**encodings.to("cuda"))
        logits.append(outputs.logits.float())
    return torch.cat(logits)


def student_logits(model_path, premises, batch_size):  # expect: GPU205 "(`model(...)` at line 27)"
    model = AutoModelForSequenceClassification.from_pretrained(model_path).cuda()
    tokenizer = AutoTokenizer.from_pretrained(model_path)
    model.eval()
    logits = []
    for i in range(0, len(premises), batch_size):
        encodings = tokenizer(premises[i : i + batch_size], padding=True, return_tensors="pt")  # expect: GPU106
        outputs = model(**encodings.to("cuda"))
        logits.append(outputs.logits.float())
    return torch.cat(logits)
