# A batch moved to the GPU and then given a key of its own
# (`batch["labels"] = labels`) still holds GPU tensors under its other keys:
# reading the attention mask's count every step waits for the GPU. A key
# stored with a host value reads nothing.
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained("gpt2")
model = AutoModelForCausalLM.from_pretrained("gpt2").to("cuda")
opt = torch.optim.AdamW(model.parameters())
rows = [{"input_ids": [1, 2, 3, 4]}] * 1000
for step in range(1, 1001):
    batch = tokenizer.pad(rows[step % 10: step % 10 + 8], return_tensors="pt").to("cuda")
    batch["labels"] = batch["input_ids"].clone()
    batch["n_rows"] = torch.tensor(8)
    tokens = batch["attention_mask"].sum().item()  # expect: GPU201 "copies a GPU tensor to the host"
    rows_seen = batch["n_rows"].item()  # ok: GPU201 (stored from a host tensor)
    loss = model(**{k: v for k, v in batch.items() if k != "n_rows"}).loss
    opt.zero_grad()
    loss.backward()
    opt.step()
