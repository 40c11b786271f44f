# Loops that tokenize without being the place where the GPU waits for it:
# a generation loop (each prompt's generate() runs hundreds of forward
# passes, and the next prompt may wrap text just generated) and a loop that
# only tokenizes a split ahead of time (no model runs in it). A scoring loop
# that tokenizes each batch right before one forward pass keeps the finding
# (not for the fixed label words it also tokenizes).
import torch
from datasets import load_dataset
from transformers import AutoModelForCausalLM, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained("gpt2")
model = AutoModelForCausalLM.from_pretrained("gpt2").to("cuda")
model.eval()
ds = load_dataset("some/texts")

val_ids = []
for i in range(len(ds["validation"])):
    val_ids.append(tokenizer(ds["validation"][i]["text"])["input_ids"])  # ok: GPU106 (no model runs in this loop)

answers = []
with torch.no_grad():
    for i in range(len(ds["test"])):
        ids = tokenizer(ds["test"][i]["text"], return_tensors="pt").input_ids.to("cuda")  # ok: GPU106 (generate() dwarfs it)
        out = model.generate(ids, max_new_tokens=128)
        follow_up = tokenizer(tokenizer.decode(out[0]), return_tensors="pt").input_ids.to("cuda")  # ok: GPU106 (built from generated text)
        answers.append(model.generate(follow_up, max_new_tokens=64))

    for batch in ds["test"].iter(batch_size=32):
        enc = tokenizer(batch["text"], return_tensors="pt", padding=True).to("cuda")  # expect: GPU106 "tokenizes text"
        words = [tokenizer(w, add_special_tokens=False)["input_ids"][0] for w in ["negative", "positive"]]  # ok: GPU106 (the same two words on every batch)
        scores = model(**enc).logits[:, -1, words].mean()
        answers.append(scores)
